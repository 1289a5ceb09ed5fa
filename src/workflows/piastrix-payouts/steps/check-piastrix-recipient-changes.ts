import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { PiastrixRecipientChanges } from "../types"
import {
  checkWithdrawAccountFormat,
  openRecipientAccount,
  recipientOr404,
} from "../utils/admin-checks"

export const checkPiastrixRecipientChangesStepId =
  "check-piastrix-recipient-changes"

/**
 * Refuses a change of an unknown recipient (404), and a changed payway, account or details that the payway's
 * format refuses (400 naming the field). The format is checked on plaintext: what is not changed is the stored
 * account, opened for the check (400 without the account key, or when it fails its integrity check). Reads
 * only: nothing to compensate.
 */
export const checkPiastrixRecipientChangesStep = createStep(
  checkPiastrixRecipientChangesStepId,
  async (
    input: { id: string; changes: PiastrixRecipientChanges },
    { container }
  ) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const current = await recipientOr404(piastrix, input.id)
    const { changes } = input
    if (
      "payway" in changes ||
      "account" in changes ||
      "account_details" in changes
    ) {
      const stored =
        current.rail === "withdraw" &&
        !("account" in changes && "account_details" in changes)
          ? openRecipientAccount(piastrix, current)
          : {}
      await checkWithdrawAccountFormat(piastrix, {
        ...current,
        ...stored,
        ...changes,
      })
    }
    return new StepResponse(null)
  }
)
