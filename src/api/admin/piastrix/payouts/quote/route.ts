import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import BigNumber from "bignumber.js"
import { MedusaError } from "@medusajs/framework/utils"
import {
  maskedAccountFields,
  withCurrencyDigits,
} from "../../../../../lib/payouts"
import {
  defaultCurrencyTable,
  PiastrixApiError,
} from "../../../../../lib/piastrix"
import { messageText, plainMessage } from "../../../../../lib/plugin/messages"
import { piastrixModule, serviceUnavailable } from "../../helpers"
import {
  accountCheckOf,
  recipientOr404,
  requireAccountKey,
} from "../../payout-helpers"
import type { AdminQuotePayoutType } from "../../payout-validators"
import type { PayoutQuote } from "../../../../../types/admin-responses"

/** A 400 with the reason's message code as the error's code (its params are read from the message). */
const refusal = (reason: string) =>
  new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    reason,
    plainMessage(reason)?.code
  )

/**
 * "Get quote" before a payout is confirmed: what the shop would pay (the amount asked, or all payable),
 * the service's fee and what the payee receives (`/transfer/try` or `/withdraw/try`, as every send asks),
 * and for a withdraw whether the service would pay the account now (`/check_account`). Nothing is
 * written; the payout is made by POST /admin/piastrix/payouts with the quoted amount. What create would
 * refuse is refused here the same way (400 naming the field); a refusal of the service is 400 with its
 * message, a service that cannot be asked 502 with the reason.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminQuotePayoutType>,
  res: MedusaResponse
) => {
  const piastrix = piastrixModule(req)
  requireAccountKey(piastrix)
  const recipient = await recipientOr404(
    piastrix,
    req.validatedBody.recipient_id
  )
  const checked = await piastrix.payableAmount(recipient, {
    amount: req.validatedBody.amount,
  })
  if ("reason" in checked) {
    throw refusal(checked.reason)
  }
  const payout = {
    recipient_id: recipient.id,
    rail: recipient.rail,
    payway: recipient.payway,
    currency: recipient.currency,
    account: recipient.account,
    account_details: recipient.account_details,
    amount: checked.amount.toFixed(checked.digits),
  }
  let quote
  let check
  try {
    quote = await piastrix.quotePayout(payout)
    check =
      recipient.rail === "withdraw"
        ? await piastrix.checkWithdrawAccount(payout)
        : undefined
  } catch (error) {
    if (error instanceof PiastrixApiError && !error.isSignatureError) {
      throw refusal(
        messageText("payout.quote_refused", {
          error_code: error.errorCode,
          detail: error.serviceMessage,
        })
      )
    }
    serviceUnavailable(res, error)
    return
  }
  const currencies = defaultCurrencyTable
  const threshold = (await piastrix.effectiveOptions()).payouts
    .approvalThreshold
  res.json({
    quote: {
      recipient_id: recipient.id,
      rail: recipient.rail,
      payway: recipient.payway,
      // Enough to tell accounts apart: the quote is shown, never used to pay.
      account: maskedAccountFields(recipient).account,
      currency_code: currencies.codeOf(recipient.currency),
      // With the currency's digits, as payouts show amounts ("300.00", where the service may say "300").
      amount: new BigNumber(quote.amount).toFixed(checked.digits),
      fee:
        quote.fee === null
          ? null
          : new BigNumber(quote.fee).toFixed(checked.digits),
      payee_receives: withCurrencyDigits(
        quote.payee_receives,
        quote.payee_currency
      ),
      payee_currency_code: currencies.codeOf(quote.payee_currency),
      awaits_approval:
        threshold !== null && checked.amount.isGreaterThan(threshold),
      account_check: check === undefined ? null : accountCheckOf(check),
    } satisfies PayoutQuote,
  })
}
