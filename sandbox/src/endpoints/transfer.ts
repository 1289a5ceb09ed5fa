import { balanceOf, debit } from "../balances"
import type { SandboxContext } from "../context"
import { EnvelopeError, incorrectParameter } from "../envelope-error"
import { currencyDigits, dec, jsonAmount } from "../money"
import { ensureUniquePayout, quotePayout } from "../payouts"
import { reportedWriteOff } from "../records"
import type { RequestFields } from "../request-fields"
import { signedEndpoint } from "../signed-endpoint"
import type { Payout } from "../state"
import { PAYOUT_STATUS } from "../statuses"

const AMOUNT_TYPES = ["receive_amount", "writeoff_amount"] as const

function readQuote(ctx: SandboxContext, fields: RequestFields) {
  const shopCurrency = fields.int("shop_currency")
  const payeeCurrency = fields.int("payee_currency")
  const amountType = fields.oneOf("amount_type", AMOUNT_TYPES)
  const digits = currencyDigits(
    amountType === "receive_amount" ? payeeCurrency : shopCurrency
  )
  const amount = fields.amount("amount", digits)
  const quote = quotePayout(ctx, {
    amount,
    payeeSide: amountType === "receive_amount",
    shopCurrency,
    psCurrency: payeeCurrency,
    fee: ctx.config.transferFee,
  })
  return { shopCurrency, payeeCurrency, amountType, quote }
}

function accountInfoConfig(ctx: SandboxContext) {
  return {
    payee_account: {
      comment: {
        en: "Wallet number or e-mail",
        ru: "Номер кошелька или e-mail",
        uk: "Номер гаманця або e-mail",
      },
      label: { en: "Wallet", ru: "Кошелёк", uk: "Гаманець" },
      example: "201494711279",
      regex: ctx.config.walletAccountRegex,
    },
  }
}

export const transferTry = signedEndpoint(
  "/transfer/try",
  (fields, { ctx }) => {
    const { shopCurrency, payeeCurrency, quote } = readQuote(ctx, fields)
    return {
      account_info_config: accountInfoConfig(ctx),
      info: {},
      payee_amount: Number(quote.payeeReceive),
      payee_currency: payeeCurrency,
      shop_currency: shopCurrency,
      write_off_amount: Number(quote.writeOff),
    }
  }
)

/** Wallet numbers are numbers on the wire (the reference types `payee_account` as a number). */
function accountOnWire(account: string): string | number {
  return /^\d{1,15}$/.test(account) ? Number(account) : account
}

export const transferCreate = signedEndpoint(
  "/transfer/create",
  (fields, { ctx }) => {
    const shopPaymentId = fields.text("shop_payment_id", 255)
    const payeeAccount = fields.text("payee_account", 255)
    if (!new RegExp(ctx.config.walletAccountRegex).test(payeeAccount)) {
      throw incorrectParameter("payee_account", "not a wallet number or e-mail")
    }
    const { shopCurrency, payeeCurrency, amountType, quote } = readQuote(
      ctx,
      fields
    )
    ensureUniquePayout(ctx, shopPaymentId)
    debit(ctx, shopCurrency, quote.writeOff)
    const data = ctx.store.data
    const payout: Payout = {
      id: data.nextPayoutId++,
      type: "transfer",
      shopPaymentId,
      payway: null,
      account: payeeAccount,
      accountDetails: null,
      email: null,
      description: null,
      amountType,
      shopCurrency,
      psCurrency: payeeCurrency,
      payeeReceive: quote.payeeReceive,
      writeOff: quote.writeOff,
      status: PAYOUT_STATUS.success,
      rejectedReason: null,
      created: ctx.clock.now(),
      decision: null,
      settleAt: null,
    }
    ctx.store.addPayout(payout)
    ctx.changed()
    return {
      balance: jsonAmount(
        dec(balanceOf(ctx, shopCurrency).available),
        shopCurrency
      ),
      id: payout.id,
      payee_account: accountOnWire(payeeAccount),
      payee_amount: jsonAmount(dec(quote.payeeReceive), payeeCurrency),
      payee_currency: payeeCurrency,
      shop: ctx.config.shopId,
      shop_currency: shopCurrency,
      write_off_amount: jsonAmount(dec(quote.writeOff), shopCurrency),
    }
  }
)

export const transferStatus = signedEndpoint(
  "/transfer/shop_payment_status",
  (fields, { ctx }) => {
    fields.text("now")
    const shopPaymentId = fields.text("shop_payment_id", 255)
    const payout = ctx.store.payoutByShopId(shopPaymentId)
    if (!payout || payout.type !== "transfer") {
      throw new EnvelopeError(
        ctx.config.fidelity.notFoundCode,
        `Transfer with shop_payment_id '${shopPaymentId}' is not found`
      )
    }
    return {
      id: payout.id,
      payee_currency: payout.psCurrency,
      receive_amount: jsonAmount(dec(payout.payeeReceive), payout.psCurrency),
      shop_currency: payout.shopCurrency,
      shop_payment_id: payout.shopPaymentId,
      write_off_amount: jsonAmount(
        dec(reportedWriteOff(payout)),
        payout.shopCurrency
      ),
    }
  }
)
