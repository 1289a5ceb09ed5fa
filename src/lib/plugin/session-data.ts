import { z } from "zod"
import { paymentKindSchema } from "./identity"

/**
 * The shape of `session.data`. Medusa shows it to the storefront, so it never holds a secret, a
 * signature or card data; and every provider method returns all of it, because most of Medusa's
 * calls replace the stored object with what we return.
 */

export const sessionStateSchema = z.enum([
  "pending",
  "paid",
  "failed",
  "expired",
  "canceled",
  "amount_mismatch",
])
export type SessionState = z.infer<typeof sessionStateSchema>

export const nextActionSchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("redirect"),
      method: z.enum(["GET", "POST"]),
      url: z.string(),
      fields: z.record(z.string(), z.string()),
    }),
    z.object({ type: z.literal("card_form"), h2h_session_id: z.string() }),
    z.object({ type: z.literal("bank_transfer") }),
    z.object({
      type: z.literal("offline"),
      method: z.string(),
      instructions: z.record(z.string(), z.unknown()).nullable(),
    }),
  ])
  .nullable()
export type NextAction = z.infer<typeof nextActionSchema>

export const refundEntrySchema = z.object({
  refund_id: z.string().nullable(),
  shop_payment_id: z.string().nullable(),
  amount: z.string(),
  mode: z.enum(["transfer", "manual"]),
  state: z.enum(["sent", "manual_required"]),
  transfer_id: z.string().nullable(),
  at: z.string(),
})
export type RefundEntry = z.infer<typeof refundEntrySchema>

export const amountMismatchSchema = z.object({
  expected_amount: z.string(),
  expected_currency: z.number(),
  received_amount: z.string(),
  received_currency: z.number(),
})
export type AmountMismatch = z.infer<typeof amountMismatchSchema>

export const sessionDataSchema = z.object({
  session_id: z.string().min(1),
  shop_order_id: z.string().min(1),
  kind: paymentKindSchema,
  payway: z.string(),
  amount: z.string(),
  currency_code: z.string(),
  currency: z.number().int(),
  email: z.string(),
  payment_id: z.string().nullable(),
  next_action: nextActionSchema,
  state: sessionStateSchema,
  service_status: z.number().int().nullable(),
  failure: z.object({ reason: z.string(), at: z.string() }).nullable(),
  amount_mismatch: amountMismatchSchema.nullable(),
  payer_account: z.string().nullable(),
  /** Wallet only: the currency the payer pays in (numeric); the shop currency otherwise. */
  payer_currency: z.number().int().nullable(),
  refunds: z.array(refundEntrySchema),
  checked_at: z.string().nullable(),
  /** Wallet only: when the bill's lifetime ends (by this store's clock); the one time a status read may expire it. */
  expires_at: z.string().nullable(),
  /**
   * What the last status read said that the plugin did not act on (a code it does not understand, a paid
   * code without corroboration, a failure that needs a signed notification): for the store owner to see.
   */
  notice: z.string().nullable(),
})
export type PiastrixSessionData = z.infer<typeof sessionDataSchema>

/** What a stored data object must at least hold for the provider to act on it. */
const storedSchema = sessionDataSchema.partial().extend({
  session_id: z.string().min(1),
  kind: paymentKindSchema,
  amount: z.string(),
  currency: z.number().int(),
})

const DEFAULTS: Omit<
  PiastrixSessionData,
  "session_id" | "shop_order_id" | "kind" | "amount" | "currency"
> = {
  payway: "",
  currency_code: "",
  email: "",
  payment_id: null,
  next_action: null,
  state: "pending",
  service_status: null,
  failure: null,
  amount_mismatch: null,
  payer_account: null,
  payer_currency: null,
  refunds: [],
  checked_at: null,
  expires_at: null,
  notice: null,
}

/**
 * The stored data as the provider wrote it, or null when it is not ours (a session created before
 * this provider, or data a caller replaced). Missing optional keys take their defaults.
 */
export function readSessionData(value: unknown): PiastrixSessionData | null {
  const parsed = storedSchema.safeParse(value)
  if (!parsed.success) {
    return null
  }
  const present = Object.fromEntries(
    Object.entries(parsed.data).filter(([, v]) => v !== undefined)
  ) as Partial<PiastrixSessionData>
  return {
    ...DEFAULTS,
    shop_order_id: parsed.data.session_id,
    ...present,
  } as PiastrixSessionData
}

const httpUrl = z
  .string()
  .trim()
  .max(2048, "must be at most 2048 characters")
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), "must be an http(s) address")

/**
 * What the storefront may put into `data` when it starts a session. Everything else it sends is
 * ignored: data of an earlier session comes back here when Medusa re-creates one.
 */
export const storefrontInputSchema = z.object({
  email: z.email("must be a valid e-mail address").max(255).optional(),
  payway: z.string().trim().min(1, "must not be empty").max(100).optional(),
  success_url: httpUrl.optional(),
  failed_url: httpUrl.optional(),
  payer_account: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(255)
    .optional(),
  payer_currency: z
    .union([z.string().trim().min(1), z.number().int().positive()], {
      error: "must be an alpha (RUB) or numeric (643) currency code",
    })
    .optional(),
  description: z.string().max(255, "must be at most 255 characters").optional(),
})
export type StorefrontInput = z.infer<typeof storefrontInputSchema>

export const STOREFRONT_KEYS = Object.keys(
  storefrontInputSchema.shape
) as Array<keyof StorefrontInput>

/** The allow-listed keys of the storefront's data; null and "" count as absent. */
export function pickStorefrontInput(
  data: Record<string, unknown> | undefined
): Record<string, unknown> {
  const picked: Record<string, unknown> = {}
  for (const key of STOREFRONT_KEYS) {
    const value = data?.[key]
    if (value !== undefined && value !== null && value !== "") {
      picked[key] = value
    }
  }
  return picked
}
