import BigNumber from "bignumber.js"
import { defaultCurrencyTable } from "../piastrix"
import { plainMessage, type MessageContext } from "../plugin/messages"
import type {
  Payout,
  PayoutView,
  Recipient,
  RecipientView,
} from "../../types/admin-responses"
import { withMaskedAccount } from "./accounts"

/** Reads a message's currencies as the admin shows them: numeric codes (643) by their alpha code (RUB). */
export const currencyName = (written: string): string =>
  /^\d+$/.test(written)
    ? (defaultCurrencyTable.alphaOf(Number(written)) ?? written)
    : written

/** What a reader of a message in `currency` knows (see `plainMessage`). */
export const messageContext = (currency: string | null): MessageContext => ({
  currency,
  currencyName,
})

/**
 * An amount in `currency` with the currency's digits ("5.60", never "5.6"); a currency the ISO table does
 * not know (an override) keeps the digits the amount was written with.
 */
export function withCurrencyDigits(
  value: BigNumber.Value,
  currency: number
): string {
  const digits = defaultCurrencyTable.find(currency)?.digits
  return digits === undefined
    ? new BigNumber(value).toFixed()
    : new BigNumber(value).toFixed(digits)
}

/**
 * A recipient as the admin API answers it: the account masked (`withMaskedAccount`), its fixed commission
 * and minimum payout with the currency's digits ("1000.00", never "1000"); the commission's percentage
 * keeps its own digits.
 */
export function recipientView(recipient: Recipient): RecipientView {
  const view = withMaskedAccount(recipient)
  return {
    ...view,
    commission_fixed: withCurrencyDigits(
      recipient.commission_fixed,
      recipient.currency
    ),
    minimum_payout: withCurrencyDigits(
      recipient.minimum_payout,
      recipient.currency
    ),
  }
}

/**
 * A payout as the admin API answers it: the account masked (`withMaskedAccount`), the amount and fee with
 * the currency's digits ("5.60", never "5.6"), what the payee received (amount less fee: the quote's
 * figure, kept on the payout as its fee), and the reasons as codes the admin words.
 */
export function payoutView(payout: Payout): PayoutView {
  const {
    rejected_reason_code: rejectedReasonCode,
    last_error_code: lastErrorCode,
    ...view
  } = withMaskedAccount(payout)
  const fixed = (value: BigNumber.Value | null) =>
    value === null ? null : withCurrencyDigits(value, payout.currency)
  const context = messageContext(view.currency_code)
  return {
    ...view,
    amount: fixed(payout.amount)!,
    fee: fixed(payout.fee),
    payee_receives:
      payout.fee === null
        ? null
        : fixed(new BigNumber(payout.amount).minus(payout.fee)),
    rejected_reason_message: plainMessage(
      payout.rejected_reason,
      context,
      rejectedReasonCode
    ),
    last_error_message: plainMessage(payout.last_error, context, lastErrorCode),
  }
}
