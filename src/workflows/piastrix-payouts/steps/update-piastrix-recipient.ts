import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  AccountCipherError,
  openAccountFields,
  recipientView,
} from "../../../lib/payouts"
import { type Recipient } from "../../../modules/piastrix/repositories/recipients"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { PiastrixRecipientChanges } from "../types"

export const updatePiastrixRecipientStepId = "update-piastrix-recipient"

const ACCOUNT_FIELDS: readonly string[] = ["account", "account_details"]

/**
 * Changes a recipient (a changed account or details encrypted by the module's service, as on create) and
 * returns it with its account masked. Compensation writes back what the changed fields were. It keeps them as
 * stored (an account encrypted, never in plaintext in the workflow's data) and opens a changed account only
 * to write it back, encrypted again; an account that could not be opened any more is not written back (the
 * change was what replaced it).
 */
export const updatePiastrixRecipientStep = createStep(
  updatePiastrixRecipientStepId,
  async (
    input: { id: string; changes: PiastrixRecipientChanges },
    { container }
  ) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const before = (await piastrix.findRecipient(input.id))!
    const changed = Object.keys(input.changes) as Array<keyof Recipient>
    const previous = Object.fromEntries(
      changed.map((k) => [k, before[k]])
    ) as Partial<Recipient>
    await piastrix.updatePiastrixRecipients({
      id: input.id,
      ...input.changes,
    } as never)
    return new StepResponse(
      recipientView((await piastrix.findRecipient(input.id))!),
      { id: input.id, previous }
    )
  },
  async (undo, { container }) => {
    if (!undo) {
      return
    }
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const { previous } = undo
    const rest = Object.fromEntries(
      Object.entries(previous).filter(([k]) => !ACCOUNT_FIELDS.includes(k))
    )
    let account = {}
    if (Object.keys(previous).some((k) => ACCOUNT_FIELDS.includes(k))) {
      const [now] = await piastrix.listPiastrixRecipients({ id: undo.id })
      try {
        account = openAccountFields(piastrix.accountCipher(), undo.id, {
          account: previous.account ?? now.account,
          account_details:
            "account_details" in previous
              ? (previous.account_details ?? null)
              : (now.account_details as Recipient["account_details"]),
        })
      } catch (error) {
        if (!(error instanceof AccountCipherError)) {
          throw error
        }
      }
    }
    await piastrix.updatePiastrixRecipients({
      id: undo.id,
      ...rest,
      ...account,
    } as never)
  }
)
