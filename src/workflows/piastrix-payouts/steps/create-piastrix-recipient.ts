import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { recipientView } from "../../../lib/payouts"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { CreatePiastrixRecipientInput } from "../types"

export const createPiastrixRecipientStepId = "create-piastrix-recipient"

/**
 * Writes the recipient, its account encrypted by the module's service (400 naming the option without an
 * account key). Hold, schedule and minimum left out take the store's defaults (options or the admin's
 * settings). Returns it with its account masked. Compensation deletes it: a recipient just written has no
 * ledger entry, payout or product yet.
 */
export const createPiastrixRecipientStep = createStep(
  createPiastrixRecipientStepId,
  async (input: CreatePiastrixRecipientInput, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const defaults = (await piastrix.effectiveOptions()).payouts
    const created = await piastrix.createPiastrixRecipients({
      ...input,
      hold_days: input.hold_days ?? defaults.defaultHoldDays,
      schedule: input.schedule ?? defaults.defaultSchedule,
      minimum_payout: input.minimum_payout ?? defaults.defaultMinimumPayout,
      payway: input.rail === "withdraw" ? input.payway : null,
      account_details: input.account_details ?? null,
    } as never)
    const recipient = await piastrix.findRecipient(created.id)
    return new StepResponse(recipientView(recipient!), created.id)
  },
  async (id, { container }) => {
    if (!id) {
      return
    }
    await container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .deletePiastrixRecipients(id)
  }
)
