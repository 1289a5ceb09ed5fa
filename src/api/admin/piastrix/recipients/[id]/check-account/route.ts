import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { fromService, piastrixModule } from "../../../helpers"
import {
  accountCheckOf,
  openRecipientAccount,
  recipientOr404,
} from "../../../payout-helpers"
import type { AdminCheckAccountType } from "../../../payout-validators"

/**
 * Asks the service whether a withdraw recipient's account can be paid `amount` now (`/check_account`), as
 * every withdraw does before it is sent: `ok`, `refused` (the payway's provider said no) or `unknown` (ask
 * again later). 502 with the reason when the service cannot be asked.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCheckAccountType>,
  res: MedusaResponse
) => {
  const piastrix = piastrixModule(req)
  const recipient = await recipientOr404(piastrix, req.params.id)
  if (recipient.rail !== "withdraw" || !recipient.payway) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "id: the recipient is paid to a Piastrix wallet; only withdraw accounts are checked"
    )
  }
  // 400 without a key, or for an account that fails its integrity check, before the service is asked.
  openRecipientAccount(piastrix, recipient)
  await fromService(res, async () =>
    accountCheckOf(
      await piastrix.checkWithdrawAccount({
        ...recipient,
        recipient_id: recipient.id,
        amount: req.validatedBody.amount,
      })
    )
  )
}
