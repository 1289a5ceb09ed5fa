import { z } from "zod"
import { ACCOUNT_KEY_FORMAT, accountKeyBytes } from "./account-key"

/**
 * The plugin's options: one object, given to the payment provider (`providers[]` of the payment module)
 * and to the plugin (`plugins[]`, for its routes, jobs and module). Define it once in medusa-config.ts
 * and pass it to both (README). Validated at boot; a bad option stops the app with its name.
 */

const paywayChoice = z
  .object({
    /** Payways this kind may use; all the shop has enabled when left out. */
    allowed: z.array(z.string().min(1)).optional(),
    /** Used when the storefront names none. */
    default: z.string().min(1).optional(),
  })
  .strict()

const statusName = z.enum([
  "pending",
  "paid",
  "rejected",
  "expired",
  "canceled",
])
const statusMap = z.record(z.string().regex(/^\d+$/), statusName)
const payoutStatusName = z.enum(["pending", "success", "rejected"])

/** Wallet payment codes from the one production integration known (docs/service-facts.md#statuses). */
export const DEFAULT_BILL_STATUSES: Record<
  string,
  z.infer<typeof statusName>
> = {
  "1": "pending",
  "2": "paid",
  "3": "canceled",
  "4": "expired",
}

/** Only 4 (paid) is documented; other codes mean "pending" until a verified callback says otherwise. */
export const DEFAULT_INVOICE_STATUSES: Record<
  string,
  z.infer<typeof statusName>
> = {
  "4": "paid",
}

/** External payout codes (docs/service-facts.md#statuses): 5 success, 6 and 8 final rejections, the rest still pending. */
export const DEFAULT_PAYOUT_STATUSES: Record<
  string,
  z.infer<typeof payoutStatusName>
> = {
  "1": "pending",
  "2": "pending",
  "3": "pending",
  "4": "pending",
  "5": "success",
  "6": "rejected",
  "7": "pending",
  "8": "rejected",
  "9": "pending",
}

const isAccountKey = (v: string) => accountKeyBytes(v) !== null

const returnUrl = z
  .string()
  .refine(
    (v) => /^https?:\/\//.test(v),
    "must be an http(s) address; it may contain {session_id}"
  )

const attemptLimit = z
  .object({
    /** Attempts allowed in one window. */
    max: z.number().int().positive(),
    /** How long a window lasts from its first attempt, in minutes. */
    windowMinutes: z.number().int().positive(),
  })
  .strict()

/** The storefront limits' defaults: a payer never needs more; a stranger gets no further. */
export const DEFAULT_LIMITS = {
  receiptsPerSession: { max: 5, windowMinutes: 60 },
  sessionStartsPerCart: { max: 10, windowMinutes: 10 },
}

/** How long a wallet payment can be paid when `billLifetimeMinutes` is not set: the service's default. */
export const BILL_LIFETIME_MINUTES = 43200

export const piastrixOptionsSchema = z
  .object({
    /** The shop's numeric id in the service. */
    shopId: z.coerce.number().int().positive(),
    /** The shop's secret key: signs requests, verifies callbacks. Never logged, never in session data. */
    secretKey: z.string().min(1),
    /** {base_url} of the service; production by default. */
    apiUrl: z.url().optional(),
    /** {h2h_url}, from the account manager; needed by `piastrix-card`. */
    h2hUrl: z.url().optional(),
    /** Public address of this Medusa; the callback address sent to the service is `${backendUrl}/hooks/piastrix`. */
    backendUrl: z.url().optional(),
    /** Storefront page the payer returns to after paying; may contain {session_id}. */
    successUrl: returnUrl.optional(),
    /** Storefront page the payer returns to after a failure; may contain {session_id}. */
    failedUrl: returnUrl.optional(),
    /** Allowed and default payway per payment kind. */
    payways: z
      .object({
        wallet: paywayChoice.optional(),
        redirect: paywayChoice.optional(),
        card: paywayChoice.optional(),
        bankTransfer: paywayChoice.optional(),
      })
      .strict()
      .default({}),
    /** Lifetime of a wallet payment in minutes (the service's default is 43200). */
    billLifetimeMinutes: z.number().int().positive().optional(),
    /** What a refund does: wallet payments can be sent back by a wallet transfer; other kinds have no refund API. */
    refunds: z
      .object({
        wallet: z.enum(["transfer", "manual", "reject"]).default("transfer"),
        other: z.enum(["manual", "reject"]).default("reject"),
      })
      .strict()
      .default({ wallet: "transfer", other: "reject" }),
    /** Numeric status codes of the service mapped to meanings; unknown codes mean "pending". */
    statuses: z
      .object({
        bill: statusMap.default(DEFAULT_BILL_STATUSES),
        invoice: statusMap.default(DEFAULT_INVOICE_STATUSES),
        payout: z
          .record(z.string().regex(/^\d+$/), payoutStatusName)
          .default(DEFAULT_PAYOUT_STATUSES),
      })
      .strict()
      .default({
        bill: DEFAULT_BILL_STATUSES,
        invoice: DEFAULT_INVOICE_STATUSES,
        payout: DEFAULT_PAYOUT_STATUSES,
      }),
    /** Optional defence in depth: only these sender addresses may post callbacks. Off by default. */
    callbackAllowlist: z.array(z.string()).optional(),
    /** How many proxies in front of Medusa to trust for the sender address (X-Forwarded-For). */
    trustProxy: z.union([z.boolean(), z.number().int().min(0)]).optional(),
    /**
     * How long the reconcile job keeps looking for payments whose session Medusa replaced or deleted
     * (the payer may still pay such a page), in days.
     */
    reconcileWindowDays: z.number().int().positive().default(30),
    /** Vendor payouts. */
    payouts: z
      .object({
        /** What earns a vendor its share: a fulfillment created (default) or delivered. */
        accrueOn: z.enum(["fulfilled", "delivered"]).default("fulfilled"),
        /**
         * A payout above this amount (a decimal, in the payout's currency) waits for an admin's
         * approval; null (the default): none waits.
         */
        approvalThreshold: z
          .string()
          .regex(/^\d+(\.\d+)?$/, 'must be a decimal amount such as "50000.00"')
          .nullable()
          .default(null),
        /** What a new recipient gets when its creator does not say: payout schedule, hold and minimum. */
        defaultSchedule: z
          .enum(["daily", "weekly", "monthly", "manual"])
          .default("weekly"),
        defaultHoldDays: z.number().int().min(0).max(365).default(14),
        defaultMinimumPayout: z
          .string()
          .regex(/^\d+(\.\d+)?$/, 'must be a decimal amount such as "100.00"')
          .default("0"),
      })
      .strict()
      .default({
        accrueOn: "fulfilled",
        approvalThreshold: null,
        defaultSchedule: "weekly",
        defaultHoldDays: 14,
        defaultMinimumPayout: "0",
      }),
    /**
     * Encrypts vendors' payout accounts at rest (AES-256-GCM): 32 random bytes as base64 or 64 hex characters
     * (`openssl rand -base64 32`), never the shop's secret key. Without it payments work; recipients and
     * payouts are refused until it is set (docs/payouts.md).
     */
    accountKey: z
      .string()
      .refine((v) => v.trim() === "" || isAccountKey(v), ACCOUNT_KEY_FORMAT)
      .optional()
      // An environment variable set to nothing: no key.
      .transform((v) => (v?.trim() ? v.trim() : undefined)),
    /**
     * Keys accounts were encrypted with before (rotation): opened, and re-encrypted with `accountKey` at boot.
     * A list, or one string of keys separated by commas (PIASTRIX_PREVIOUS_ACCOUNT_KEYS).
     */
    previousAccountKeys: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) =>
        (typeof v === "string" ? v.split(",") : (v ?? []))
          .map((k) => k.trim())
          .filter(Boolean)
      )
      .pipe(z.array(z.string().refine(isAccountKey, ACCOUNT_KEY_FORMAT))),
    /**
     * Storefront limits, counted in Postgres for every instance, answered 429 with Retry-After: receipts
     * filed per payment session (each is forwarded to the service, up to 10 MB), and Piastrix payment
     * sessions started per cart (each opens a payment at the service).
     */
    limits: z
      .object({
        receiptsPerSession: attemptLimit.default(
          DEFAULT_LIMITS.receiptsPerSession
        ),
        sessionStartsPerCart: attemptLimit.default(
          DEFAULT_LIMITS.sessionStartsPerCart
        ),
      })
      .strict()
      .default(DEFAULT_LIMITS),
    /** Timeout of every call to the service, in milliseconds. */
    timeoutMs: z.number().int().positive().default(15000),
    /**
     * Timeout of a call a person waits on (the storefront's quote, directions and card form, the admin's
     * balances, directions, connection test and reads), made once, never retried: a hanging service is
     * answered within this, not after `timeoutMs` times three attempts.
     */
    interactiveTimeoutMs: z.number().int().positive().default(5000),
    /**
     * Sign `email` on `/invoice/create` and `/withdraw/create`, as the reference's Authentication table
     * reads. Off: as the service's own SDKs send it (docs/service-facts.md#signature).
     */
    signEmail: z.boolean().default(false),
  })
  .strict()

export type PiastrixOptionsInput = z.input<typeof piastrixOptionsSchema>
export type PiastrixOptions = z.output<typeof piastrixOptionsSchema>

/**
 * Medusa adds `database` to the options object of every module it loads (and mutates that object),
 * so one options object shared by the plugin's module and the provider, as the README suggests,
 * reaches the provider with it too. It is Medusa's, not an option of ours.
 */
function withoutMedusaKeys(input: unknown): unknown {
  if (
    input === null ||
    typeof input !== "object" ||
    Array.isArray(input) ||
    !("database" in input)
  ) {
    return input
  }
  const { database: _database, ...rest } = input as Record<string, unknown>
  return rest
}

/** Parses the options, or throws one error naming every bad option. */
export function parsePiastrixOptions(input: unknown): PiastrixOptions {
  const result = piastrixOptionsSchema.safeParse(withoutMedusaKeys(input ?? {}))
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) =>
        `${["piastrix options", ...issue.path].join(".")}: ${issue.message}`
    )
    throw new Error(
      `Invalid medusa-payment-piastrix options: ${problems.join("; ")}`
    )
  }
  return result.data
}
