import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  findRecipient,
  recipientBalances,
  withMaskedAccount,
} from "../../../../../lib/payouts"
import { PIASTRIX_MODULE } from "../../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../../modules/piastrix/service"
import {
  checkWithdrawAccountFormat,
  openRecipientAccount,
  payoutsOf,
  recipientOr404,
} from "../../payout-helpers"
import type { AdminUpdateRecipientType } from "../../payout-validators"

/** A recipient (account masked) with its currency's code and its balance per ledger account (sums of the entries). */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  const ctx = payoutsOf(req)
  const recipient = await recipientOr404(ctx, req.params.id)
  res.json({
    recipient: withMaskedAccount(recipient),
    currency_code: ctx.client.currencies.codeOf(recipient.currency),
    balances: await recipientBalances(ctx.db, recipient.id, recipient.currency),
  })
}

/** Changes a recipient (suspend with `state: "suspended"`); a changed withdraw account is checked again. */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminUpdateRecipientType>,
  res: MedusaResponse
) => {
  const ctx = payoutsOf(req)
  const current = await recipientOr404(ctx, req.params.id)
  const changes = req.validatedBody
  if (
    "payway" in changes ||
    "account" in changes ||
    "account_details" in changes
  ) {
    // The format is checked on plaintext: what is not changed is the stored account, opened for the check.
    const stored =
      current.rail === "withdraw" &&
      !("account" in changes && "account_details" in changes)
        ? openRecipientAccount(ctx, current)
        : {}
    await checkWithdrawAccountFormat(ctx, { ...current, ...stored, ...changes })
  }
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  await piastrix.updatePiastrixRecipients({
    id: current.id,
    ...changes,
  } as never)
  res.json({
    recipient: withMaskedAccount((await findRecipient(ctx.db, current.id))!),
  })
}
