import BigNumber from "bignumber.js"
import { z } from "@medusajs/framework/zod"
import { STATEMENT_LANGUAGES } from "../../../lib/payouts/statement-words"

/**
 * Bodies and queries of the admin payout routes (recipients, their products and ledger, payouts). Medusa's validator refuses unknown keys and names the
 * field in its messages; where zod's own message would not (patterns), the message does.
 */

const decimal = (field: string) =>
  z.string().regex(/^\d+(\.\d+)?$/, {
    message: `${field} must be a decimal string such as "10.00"`,
  })

const id = (field: string, prefix: string) =>
  z
    .string()
    .max(100)
    .regex(new RegExp(`^${prefix}_[0-9A-Za-z]+$`), {
      message: `${field} must be a ${prefix}_... id`,
    })

const isoDate = (field: string) =>
  z.iso.datetime({
    offset: true,
    message: `${field} must be an ISO 8601 date-time such as 2026-11-24T00:00:00Z`,
  })

const page = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
}

const recipientFields = {
  name: z.string().trim().min(1).max(200),
  email: z.email(),
  payway: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, {
      message: "payway must be a payout direction alias such as card_rub",
    })
    .nullable(),
  // A masked account sent back (the admin shows nothing else) would be stored as the account.
  account: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .refine((v) => !v.includes("•"), {
      message: "account must be the whole account, not its masked form",
    }),
  account_details: z.record(z.string(), z.string().max(255)).nullable(),
  commission_percent: decimal("commission_percent").refine(
    (v) => new BigNumber(v).isLessThanOrEqualTo(100),
    {
      message: "commission_percent must be at most 100",
    }
  ),
  commission_fixed: decimal("commission_fixed"),
  hold_days: z.number().int().min(0).max(365),
  schedule: z.enum(["daily", "weekly", "monthly", "manual"]),
  minimum_payout: decimal("minimum_payout"),
  state: z.enum(["active", "suspended"]),
}

export const AdminCreateRecipient = z
  .object({
    ...recipientFields,
    rail: z.enum(["transfer", "withdraw"]),
    /** ISO 4217 numeric, as the service names currencies (643 RUB). */
    currency: z.number().int().min(1).max(999),
    payway: recipientFields.payway.optional(),
    account_details: recipientFields.account_details.optional(),
    commission_percent: recipientFields.commission_percent.default("0"),
    commission_fixed: recipientFields.commission_fixed.default("0"),
    // Left out: the store's defaults (options or settings payouts.defaultHoldDays, ...).
    hold_days: recipientFields.hold_days.optional(),
    schedule: recipientFields.schedule.optional(),
    minimum_payout: recipientFields.minimum_payout.optional(),
    state: recipientFields.state.default("active"),
  })
  .refine((r) => r.rail !== "withdraw" || !!r.payway, {
    message: "payway is required for withdraw",
    path: ["payway"],
  })
export type AdminCreateRecipientType = z.infer<typeof AdminCreateRecipient>

/** Rail and currency stay: the ledger of a recipient is in one currency. */
export const AdminUpdateRecipient = z.object(recipientFields).partial()
export type AdminUpdateRecipientType = z.infer<typeof AdminUpdateRecipient>

export const AdminPageQuery = z.object(page)
export type AdminPageQueryType = z.infer<typeof AdminPageQuery>

const period = {
  created_after: isoDate("created_after").optional(),
  created_before: isoDate("created_before").optional(),
}

export const AdminLedgerQuery = z.object({ ...page, ...period })
export type AdminLedgerQueryType = z.infer<typeof AdminLedgerQuery>

/** An IANA time zone this server's Intl knows. */
const timeZone = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone })
        return true
      } catch {
        return false
      }
    },
    { message: "tz must be a time zone such as Europe/Moscow" }
  )

/**
 * A statement's period (none: everything), the time zone its dates are written in (the admin sends the
 * reader's) and the language of its words.
 */
export const AdminStatementQuery = z.object({
  ...period,
  tz: timeZone.default("UTC"),
  lang: z.enum(STATEMENT_LANGUAGES).default("en"),
})
export type AdminStatementQueryType = z.infer<typeof AdminStatementQuery>

export const AdminPayoutsQuery = z.object({
  ...page,
  ...period,
  recipient_id: id("recipient_id", "pxrcp").optional(),
  /** One payout: where a ledger entry links to it. */
  id: id("id", "pxpo").optional(),
  status: z
    .enum([
      "awaiting_approval",
      "pending",
      "processing",
      "succeeded",
      "rejected",
      "canceled",
      "needs_attention",
    ])
    .optional(),
})
export type AdminPayoutsQueryType = z.infer<typeof AdminPayoutsQuery>

/** An amount, or everything payable when left out. */
export const AdminCreatePayout = z.object({
  recipient_id: id("recipient_id", "pxrcp"),
  amount: decimal("amount").optional(),
})
export type AdminCreatePayoutType = z.infer<typeof AdminCreatePayout>

/** What a payout would cost: an amount, or `all: true` for everything payable; exactly one of them. */
export const AdminQuotePayout = z
  .object({
    recipient_id: id("recipient_id", "pxrcp"),
    amount: decimal("amount").optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.amount === undefined) !== (b.all === undefined), {
    message: "amount: give an amount, or all: true for everything payable",
    path: ["amount"],
  })
export type AdminQuotePayoutType = z.infer<typeof AdminQuotePayout>

/** The amount to check a withdraw account for (the service judges the account for a given payout). */
export const AdminCheckAccount = z.object({ amount: decimal("amount") })
export type AdminCheckAccountType = z.infer<typeof AdminCheckAccount>

export const AdminCancelPayout = z.object({
  reason: z.string().trim().min(1).max(500),
})
export type AdminCancelPayoutType = z.infer<typeof AdminCancelPayout>

/** A manual correction of the available balance; the key makes a retried request post once. */
export const AdminCreateAdjustment = z.object({
  amount: z.string().regex(/^-?\d+(\.\d+)?$/, {
    message: 'amount must be a signed decimal string such as "-10.00"',
  }),
  reason: z.string().trim().min(1).max(500),
  idempotency_key: z.string().trim().min(1).max(200),
})
export type AdminCreateAdjustmentType = z.infer<typeof AdminCreateAdjustment>

const productIds = z.array(id("product id", "prod")).max(200)

/** Products to link to a recipient (moved from another one) and to unlink. */
export const AdminRecipientProducts = z
  .object({ add: productIds.optional(), remove: productIds.optional() })
  .refine((b) => (b.add?.length ?? 0) + (b.remove?.length ?? 0) > 0, {
    message: "add or remove must name a product",
    path: ["add"],
  })
export type AdminRecipientProductsType = z.infer<typeof AdminRecipientProducts>
