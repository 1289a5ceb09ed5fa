/**
 * Starting a payment session: the checks before anything is opened at the service (amount, the cart able
 * to become an order, a paid payment carried from a replaced session, the e-mail, the payway against the
 * shop's directions), the payment written to the register, then created once (a lost reply settled by the
 * status endpoint, never by a second create). Over 300 lines: these steps are one decision, in order.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type {
  InitiatePaymentInput,
  InitiatePaymentOutput,
} from "@medusajs/framework/types"
import {
  PiastrixOutcomeUnknownError,
  PiastrixValidationError,
  toWireAmount,
  type BillCreateResult,
  type CurrencyInfo,
  type InvoiceCreateResult,
  type ShopInputConfigResult,
} from "../../../lib/piastrix"
import type { ProviderContext } from "./context"
import { initiateError } from "./errors"
import {
  BILL_LIFETIME_MINUTES,
  choosePayway,
  describeError,
  maskAccount,
  pickStorefrontInput,
  readSessionData,
  storefrontInputSchema,
  type NextAction,
  type PiastrixSessionData,
  type StorefrontInput,
  readPaymentStatus,
} from "../../../lib/plugin"
import { cachedShopInputConfig } from "../../../modules/piastrix/repositories/directions-cache"

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

function readStorefrontInput(
  data: Record<string, unknown> | undefined
): StorefrontInput {
  const parsed = storefrontInputSchema.safeParse(pickStorefrontInput(data))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw invalid(`${issue.path.join(".") || "data"}: ${issue.message}`)
  }
  return parsed.data
}

function resolveCurrency(
  ctx: ProviderContext,
  ref: string | number,
  field: string
): CurrencyInfo {
  try {
    return ctx.client.currencies.resolve(ref, field)
  } catch (error) {
    throw initiateError(error)
  }
}

function fillTemplate(
  url: string | undefined,
  sessionId: string
): string | undefined {
  return url?.split("{session_id}").join(encodeURIComponent(sessionId))
}

type Created = {
  id: string
  next_action: NextAction
  payer_account: string | null
}

function nextActionOfInvoice(
  ctx: ProviderContext,
  result: InvoiceCreateResult
): NextAction {
  const method = result.method.toUpperCase()
  if (ctx.kind === "card") {
    const h2hSessionId = result.data?.session_id
    if (!h2hSessionId) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "payway: Piastrix answered without a card form session; is the payway a host-to-host card direction?"
      )
    }
    return { type: "card_form", h2h_session_id: h2hSessionId }
  }
  if (ctx.kind === "bank_transfer") {
    return { type: "bank_transfer" }
  }
  if ((method === "GET" || method === "POST") && result.url) {
    const fields: Record<string, string> = {}
    for (const [key, value] of Object.entries(result.data ?? {})) {
      if (
        typeof value === "string" ||
        typeof value === "number" ||
        typeof value === "boolean"
      ) {
        fields[key] = String(value)
      }
    }
    return { type: "redirect", method, url: result.url, fields }
  }
  // A method code instead of an HTTP method: nothing to redirect to, show what the service sent.
  return {
    type: "offline",
    method: result.method,
    instructions: result.data ?? null,
  }
}

type Request = {
  sessionId: string
  amount: string
  currency: CurrencyInfo
  payerCurrency: CurrencyInfo
  payway: string | null
  email: string
  input: StorefrontInput
}

async function createAtService(
  ctx: ProviderContext,
  r: Request
): Promise<Created> {
  const o = ctx.options
  const callback = o.backendUrl
    ? `${o.backendUrl.replace(/\/+$/, "")}/hooks/piastrix`
    : undefined
  const urls = {
    success_url: fillTemplate(r.input.success_url ?? o.successUrl, r.sessionId),
    failed_url: fillTemplate(r.input.failed_url ?? o.failedUrl, r.sessionId),
    callback_url: callback,
    callback_rejected_url: callback,
  }
  if (ctx.kind === "wallet") {
    const bill: BillCreateResult = await ctx.client.billCreate({
      shop_amount: r.amount,
      shop_currency: r.currency.numeric,
      payer_currency: r.payerCurrency.numeric,
      shop_order_id: r.sessionId,
      description: r.input.description,
      payer_account: r.input.payer_account,
      lifetime: o.billLifetimeMinutes,
      payway: r.payway ?? undefined,
      ...urls,
    })
    return {
      id: String(bill.id),
      next_action: {
        type: "redirect",
        method: "GET",
        url: bill.url,
        fields: {},
      },
      payer_account: bill.payer_account || r.input.payer_account || null,
    }
  }
  const invoice = await ctx.client.invoiceCreate({
    amount: r.amount,
    currency: r.currency.numeric,
    payway: r.payway!,
    shop_order_id: r.sessionId,
    email: r.email,
    description: r.input.description,
    ...urls,
  })
  return {
    id: String(invoice.id),
    next_action: nextActionOfInvoice(ctx, invoice),
    payer_account: null,
  }
}

/** Whether the service holds a payment for this session: asked through the shop's polling guard. */
async function existsAtService(
  ctx: ProviderContext,
  sessionId: string
): Promise<"exists" | "absent" | "unknown"> {
  const read = await readPaymentStatus(ctx, ctx.kind, sessionId)
  if (read.outcome === "unavailable") {
    ctx.logger.warn(
      `Piastrix session ${sessionId}: status check after a lost reply failed: ${describeError(read.error)}`
    )
    return "unknown"
  }
  return read.outcome === "found" ? "exists" : "absent"
}

const START_AGAIN =
  "Piastrix may have created this payment, but its answer was lost, so the payment page is unknown: " +
  "start a new payment session (the unpaid one cannot be charged without the payer)"

/** Creates the payment; a lost reply is resolved through the status endpoint, never by a blind resend. */
async function createResolvingLostReply(
  ctx: ProviderContext,
  r: Request
): Promise<Created> {
  try {
    return await createAtService(ctx, r)
  } catch (error) {
    if (!(error instanceof PiastrixOutcomeUnknownError)) {
      throw initiateError(error)
    }
    ctx.logger.warn(
      `Piastrix session ${r.sessionId}: ${ctx.kind} payment creation lost its reply; checking status`
    )
    const existence = await existsAtService(ctx, r.sessionId)
    if (existence !== "absent") {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, START_AGAIN)
    }
  }
  // The service says no payment carries this shop_order_id, so the lost request never took effect:
  // one more create cannot make a second payment.
  try {
    return await createAtService(ctx, r)
  } catch (error) {
    if (error instanceof PiastrixOutcomeUnknownError) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, START_AGAIN)
    }
    throw initiateError(error)
  }
}

/** Logs why a session could not start and tells the storefront to try again; nothing was opened. */
function notStarted(
  ctx: ProviderContext,
  sessionId: string,
  why: string,
  error: unknown
): never {
  ctx.logger.error(
    `Piastrix session ${sessionId}: ${why}: ${describeError(error)}`
  )
  throw new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    "The Piastrix payment could not be started; try again shortly"
  )
}

async function inputConfigOrNull(
  ctx: ProviderContext,
  sessionId: string
): Promise<ShopInputConfigResult | null> {
  try {
    return await cachedShopInputConfig(ctx.client, ctx.guard)
  } catch (error) {
    ctx.logger.warn(
      `Piastrix session ${sessionId}: payment directions unavailable, the service will judge the payway: ${describeError(error)}`
    )
    return null
  }
}

const KEPT_STOREFRONT_KEYS = new Set([
  "success_url",
  "failed_url",
  "description",
])

/**
 * Medusa stores the storefront's data merged with ours, so a key we do not write would survive; every
 * foreign key is written as null (the validated return addresses and description stay as sent).
 */
function nulledForeignKeys(
  raw: Record<string, unknown>
): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(raw)
      .filter((key) => !KEPT_STOREFRONT_KEYS.has(key))
      .map((key) => [key, null])
  )
}

/**
 * The paid payment a replacement session takes over (modules/piastrix/repositories/carried-payment.ts): Medusa started
 * this session with the data of a paid session of the same cart, which it deletes because the cart
 * failed to complete. Only the same kind, amount and currency, never a payment already sent back, and
 * only when the database confirms the paid session of the same cart and the service's verified success.
 */
async function carriedPayment(
  ctx: ProviderContext,
  raw: Record<string, unknown>,
  sessionId: string,
  amount: string,
  currency: number
): Promise<PiastrixSessionData | null> {
  const previous = readSessionData(raw)
  if (
    !previous ||
    previous.kind !== ctx.kind ||
    previous.state !== "paid" ||
    previous.shop_order_id === sessionId ||
    previous.amount !== amount ||
    previous.currency !== currency ||
    previous.refunds.some((r) => r.mode === "transfer")
  ) {
    return null
  }
  try {
    if (!(await ctx.mayCarry(sessionId, previous.shop_order_id))) {
      return null
    }
  } catch (error) {
    ctx.logger.warn(
      `Piastrix session ${sessionId}: could not check a carried payment: ${describeError(error)}`
    )
    return null
  }
  ctx.logger.info(
    `Piastrix session ${sessionId}: carries the paid payment of ${previous.shop_order_id}; no new payment opened`
  )
  return { ...previous, session_id: sessionId }
}

export async function initiatePiastrixPayment(
  ctx: ProviderContext,
  input: InitiatePaymentInput
): Promise<InitiatePaymentOutput> {
  const raw = input.data ?? {}
  const sessionId =
    (typeof raw.session_id === "string" && raw.session_id) ||
    input.context?.idempotency_key ||
    ""
  if (!sessionId) {
    throw new MedusaError(
      MedusaError.Types.INVALID_ARGUMENT,
      "session_id: Medusa gave no payment session id"
    )
  }
  const storefront = readStorefrontInput(raw)
  const currencyCode = String(input.currency_code ?? "").toLowerCase()
  const currency = resolveCurrency(ctx, currencyCode, "currency_code")
  let amount: string
  try {
    amount = toWireAmount(input.amount as never, currency)
  } catch (error) {
    throw initiateError(
      error instanceof PiastrixValidationError
        ? error
        : new PiastrixValidationError("amount", "is not a number")
    )
  }
  if (!(Number(amount) > 0)) {
    throw invalid(
      `amount: must be greater than zero after rounding to ${currency.digits} decimals`
    )
  }
  const carried = await carriedPayment(
    ctx,
    raw,
    sessionId,
    amount,
    currency.numeric
  )
  if (carried) {
    return {
      id: carried.payment_id ?? carried.shop_order_id,
      status: "pending",
      data: { ...nulledForeignKeys(raw), ...carried },
    }
  }
  const email = storefront.email ?? input.context?.customer?.email ?? ""
  // `/bill/create` takes no e-mail; `/invoice/create` requires the payer's.
  if (!email && ctx.kind !== "wallet") {
    throw invalid(
      "email is required: pass data.email when starting the payment session, or sign the customer in"
    )
  }
  const payerCurrency =
    ctx.kind === "wallet" && storefront.payer_currency !== undefined
      ? resolveCurrency(ctx, storefront.payer_currency, "payer_currency")
      : currency

  // The store's database holds the admin's settings and the register: without it nothing is opened.
  const options = await ctx
    .effectiveOptions()
    .catch((error) => notStarted(ctx, sessionId, "settings unreadable", error))
  const config = await inputConfigOrNull(ctx, sessionId)
  const payway = choosePayway(config, ctx.kind, options, storefront.payway, {
    currency: payerCurrency.numeric,
    shopCurrency: currency.numeric,
    amount,
  })

  const request: Request = {
    sessionId,
    amount,
    currency,
    payerCurrency,
    payway,
    email,
    input: storefront,
  }
  try {
    // Written before the service is asked, so a payment opened here is never lost track of.
    await ctx.register.opened({
      shop_order_id: sessionId,
      kind: ctx.kind,
      amount,
      currency: currency.numeric,
    })
  } catch (error) {
    notStarted(ctx, sessionId, "the payment could not be registered", error)
  }
  const created = await createResolvingLostReply(ctx, request)
  await ctx.register.created(sessionId, created.id).catch((error) => {
    // The register still knows the payment; only the service's id is missing there.
    ctx.logger.warn(
      `Piastrix session ${sessionId}: payment ${created.id} not noted in the register: ${describeError(error)}`
    )
  })
  if (created.payer_account) {
    // The refund transfer's payee: kept whole in the register only, as session data is the storefront's to read.
    await ctx.register
      .notePayer(sessionId, created.payer_account)
      .catch((error) => {
        ctx.logger.warn(
          `Piastrix session ${sessionId}: the payer's wallet not noted in the register: ${describeError(error)}`
        )
      })
  }
  ctx.logger.info(
    `Piastrix session ${sessionId}: ${ctx.kind} payment ${created.id} created (payway ${payway ?? "service default"})`
  )

  // Every key is written, so nothing the storefront injected survives Medusa's merge of the two.
  const data: PiastrixSessionData = {
    session_id: sessionId,
    shop_order_id: sessionId,
    kind: ctx.kind,
    payway: payway ?? "",
    amount,
    currency_code: currencyCode,
    currency: currency.numeric,
    email,
    payment_id: created.id,
    next_action: created.next_action,
    state: "pending",
    service_status: null,
    failure: null,
    amount_mismatch: null,
    payer_account: maskAccount(created.payer_account),
    payer_currency: ctx.kind === "wallet" ? payerCurrency.numeric : null,
    refunds: [],
    checked_at: null,
    expires_at:
      ctx.kind === "wallet"
        ? new Date(
            Date.now() +
              (ctx.options.billLifetimeMinutes ?? BILL_LIFETIME_MINUTES) *
                60_000
          ).toISOString()
        : null,
    notice: null,
  }
  return {
    id: created.id,
    status: "pending",
    data: { ...nulledForeignKeys(raw), ...data },
  }
}
