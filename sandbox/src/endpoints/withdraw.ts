import { freeze, balanceOf } from "../balances"
import type { SandboxContext } from "../context"
import {
  EnvelopeError,
  PiastrixErrorCode,
  incorrectParameter,
} from "../envelope-error"
import { currencyDigits, dec } from "../money"
import { ensureUniquePayout, quotePayout, scheduleSettlement } from "../payouts"
import { outputPayway } from "../payways"
import { withdrawRecord } from "../records"
import type { RequestFields } from "../request-fields"
import type { OutputPayway } from "../shop-config"
import { signedEndpoint } from "../signed-endpoint"
import type { Payout } from "../state"
import { PAYOUT_STATUS } from "../statuses"

const AMOUNT_TYPES = ["ps_amount", "shop_amount"] as const

function readQuote(ctx: SandboxContext, fields: RequestFields) {
  const shopCurrency = fields.int("shop_currency")
  const amountType = fields.oneOf("amount_type", AMOUNT_TYPES)
  const payway = outputPayway(ctx, fields.text("payway"))
  const digits = currencyDigits(
    amountType === "ps_amount" ? payway.currency : shopCurrency
  )
  const amount = fields.amount("amount", digits)
  const quote = quotePayout(ctx, {
    amount,
    payeeSide: amountType === "ps_amount",
    shopCurrency,
    psCurrency: payway.currency,
    fee: payway.fee,
    limits: payway,
  })
  return { shopCurrency, amountType, payway, amount, quote }
}

function accountInfoConfig(payway: OutputPayway) {
  return payway.accountFields
}

export const withdrawTry = signedEndpoint(
  "/withdraw/try",
  (fields, { ctx }) => {
    const { shopCurrency, payway, quote } = readQuote(ctx, fields)
    return {
      account_info_config: accountInfoConfig(payway),
      payee_receive: Number(quote.payeeReceive),
      ps_currency: payway.currency,
      shop_currency: shopCurrency,
      shop_write_off: Number(quote.writeOff),
    }
  }
)

function checkAccount(
  payway: OutputPayway,
  account: string,
  details: Record<string, unknown> | null
): void {
  for (const [name, rule] of Object.entries(payway.accountFields)) {
    const value = name === "account" ? account : details?.[name]
    if (typeof value !== "string" || !new RegExp(rule.regex).test(value)) {
      throw incorrectParameter(
        name === "account" ? "account" : `account_details.${name}`,
        `does not match ${rule.regex}`
      )
    }
  }
}

export const withdrawCreate = signedEndpoint(
  "/withdraw/create",
  (fields, { ctx }) => {
    const shopPaymentId = fields.text("shop_payment_id", 255)
    const account = fields.text("account", 255)
    // Optional, as the official SDKs never send it; `signEmail` makes it required and signed.
    const email = fields.optionalText("email", 255)
    const description = fields.optionalText("description", 255)
    const accountDetails = fields.optionalObject("account_details")
    const { shopCurrency, amountType, payway, quote } = readQuote(ctx, fields)
    checkAccount(payway, account, accountDetails)
    ensureUniquePayout(ctx, shopPaymentId)
    freeze(ctx, shopCurrency, quote.writeOff)
    const data = ctx.store.data
    const now = ctx.clock.now()
    const payout: Payout = {
      id: data.nextPayoutId++,
      type: "withdraw",
      shopPaymentId,
      payway: payway.alias,
      account,
      accountDetails,
      email,
      description,
      amountType,
      shopCurrency,
      psCurrency: payway.currency,
      payeeReceive: quote.payeeReceive,
      writeOff: quote.writeOff,
      status: PAYOUT_STATUS.processing,
      rejectedReason: null,
      created: now,
      decision: null,
      settleAt: now + ctx.config.timing.payoutSettleMs,
    }
    ctx.store.addPayout(payout)
    scheduleSettlement(ctx, payout)
    ctx.changed()
    return withdrawRecord(payout, balanceOf(ctx, shopCurrency).available)
  }
)

function notFound(what: string): EnvelopeError {
  return new EnvelopeError(
    PiastrixErrorCode.OTHER,
    `Withdraw (${what}) is not found`
  )
}

export const withdrawStatus = signedEndpoint(
  "/withdraw/status",
  (fields, { ctx }) => {
    fields.text("now")
    const withdrawId = fields.int("withdraw_id")
    const payout = ctx.store.payoutById(withdrawId)
    if (!payout || payout.type !== "withdraw") {
      throw notFound(`id = ${withdrawId}`)
    }
    return withdrawRecord(payout)
  }
)

export const withdrawShopPaymentStatus = signedEndpoint(
  "/withdraw/shop_payment_status",
  (fields, { ctx }) => {
    fields.text("now")
    const shopPaymentId = fields.text("shop_payment_id", 255)
    const payout = ctx.store.payoutByShopId(shopPaymentId)
    if (!payout || payout.type !== "withdraw") {
      throw notFound(`shop_payment_id = ${shopPaymentId}`)
    }
    return withdrawRecord(payout)
  }
)

export const checkAccountEndpoint = signedEndpoint(
  "/check_account",
  (fields, { ctx }) => {
    const account = fields.text("account", 255)
    const payway = outputPayway(ctx, fields.text("payway"))
    const amount = fields.amount("amount", currencyDigits(payway.currency))
    const details = fields.optionalObject("account_details")
    const rule = ctx.store.data.accountChecks[account]
    if (rule) {
      return {
        account_info: rule.accountInfo,
        provider_status: rule.providerStatus,
        result: rule.result,
      }
    }
    const formatOk = new RegExp(
      payway.accountFields.account?.regex ?? "^.+$"
    ).test(account)
    const withinLimits =
      dec(amount).gte(payway.min) && dec(amount).lte(payway.max)
    if (
      details !== null &&
      typeof details.contract === "string" &&
      !details.contract.trim()
    ) {
      throw incorrectParameter("account_details.contract", "must not be empty")
    }
    return {
      account_info: { verified: formatOk },
      provider_status: 1,
      result: formatOk && withinLimits,
    }
  }
)
