import { readFileSync } from "node:fs"
import { z } from "zod"
import {
  DEFAULT_INPUT_PAYWAYS,
  DEFAULT_OUTPUT_PAYWAYS,
} from "./default-payways"

/** A decimal amount, written as a string ("10.00") or a number in the config file. */
const amount = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d+(\.\d+)?$/, "must be a non-negative decimal"))

const fee = z.object({ fix: amount.default("0"), percent: amount.default("0") })
const noFee = { fix: "0", percent: "0" }

const languageMap = z.record(z.string(), z.string())

const addOnField = z.object({
  example: z.string(),
  label: languageMap,
  regex: z.string(),
  title: languageMap,
})

export const inputPaywaySchema = z.object({
  alias: z.string().min(1),
  /** wallet: /bill; redirect: payer sent to a page; card_h2h: /h2h_data + card form; bank_h2h: requisites. */
  kind: z.enum(["wallet", "redirect", "card_h2h", "bank_h2h"]),
  currency: z.number().int().positive(),
  /** redirect: "GET" or "POST"; bank_h2h: the method code of `ps_data` ("sbp", "bank", "qr"). */
  method: z.string().optional(),
  /** Name of the payment method the payway is listed under in `/shop_input_config/shop`. */
  group: z.string().default("Other"),
  min: amount,
  max: amount,
  /** Shop commission: deducted from `shop_refund`; percent is a percentage (2.5 = 2.5 %). */
  fee: fee.default(noFee),
  /** Payer commission: added to `payer_price`. */
  payerFee: fee.default(noFee),
  active: z.boolean().default(true),
  addOns: z.record(z.string(), addOnField).nullable().default(null),
})

export const outputPaywaySchema = z.object({
  alias: z.string().min(1),
  currency: z.number().int().positive(),
  group: z.string().default("Other"),
  min: amount,
  max: amount,
  fee: fee.default(noFee),
  /** Account fields; every field except `account` must arrive in `account_details`. */
  accountFields: z
    .record(z.string(), z.object({ regex: z.string(), title: z.string() }))
    .default({ account: { regex: "^.+$", title: "Account" } }),
  infoId: z.string().nullable().default(null),
})

const balance = z.object({
  available: amount.default("0"),
  hold: amount.default("0"),
  frozen: amount.default("0"),
})

const url = z.string().url().nullable().default(null)

/**
 * How strictly the sandbox reads the reference, and which reading it takes where the reference is
 * ambiguous (sandbox/README.md, "Fidelity switches"). The defaults are the readings the plugin is built on.
 */
export const fidelitySchema = z
  .object({
    /** Answer a status poll that comes sooner than the reference allows with an error (it is recorded either way). */
    strictPolling: z.boolean().default(false),
    /** `now` must be one of the reference's layouts; false accepts any text, as before. */
    strictNow: z.boolean().default(true),
    /** `email` of `/invoice/create` and `/withdraw/create` is required and signed (the reference's table). */
    signEmail: z.boolean().default(false),
    /** Numbering of wallet-payment (`/bill/*`) statuses: one integration's (2 = paid) or the invoices' (4 = paid). */
    billStatuses: z.enum(["integration", "invoice"]).default("integration"),
    /** `error_code` for an unknown payment or transfer (`/invoice/check`, `/bill/shop_order_status`, `/transfer/...`). */
    notFoundCode: z.number().int().default(7),
    /** Status reads of paid payments carry no `processed` time (null), as a service that fills it late might. */
    paidWithoutProcessed: z.boolean().default(false),
    /** Body the card form (`{payform_url}`) accepts: either encoding, only a form, or only JSON. */
    cardForm: z.enum(["any", "form", "json"]).default("any"),
  })
  .prefault({})

export const shopConfigSchema = z.object({
  shopId: z.number().int().positive().default(1),
  secret: z.string().min(1).default("sandbox-secret"),
  /** Address the sandbox writes into the URLs it hands out; defaults to its listening address. */
  publicUrl: z.string().url().optional(),
  /** Balances per numeric currency code. */
  balances: z.record(z.string().regex(/^\d+$/), balance).default({
    "643": { available: "1000000.00", hold: "0", frozen: "0" },
    "840": { available: "10000.00", hold: "0", frozen: "0" },
    "978": { available: "10000.00", hold: "0", frozen: "0" },
    "980": { available: "100000.00", hold: "0", frozen: "0" },
  }),
  /** The shop settings of the service's dashboard: when set, they win over addresses in requests. */
  settings: z
    .object({
      callbackUrl: url,
      callbackRejectedUrl: url,
      successUrl: url,
      failedUrl: url,
    })
    .default({
      callbackUrl: null,
      callbackRejectedUrl: null,
      successUrl: null,
      failedUrl: null,
    }),
  /** When true a reused `shop_order_id` is refused (code 6); otherwise the status says `is_unique: false`. */
  uniqueShopOrderId: z.boolean().default(false),
  /** Value of one unit of each currency in a common unit, for conversions between currencies. */
  rates: z.record(z.string().regex(/^\d+$/), amount).default({
    "643": "1",
    "840": "90",
    "978": "100",
    "980": "2.25",
    "985": "22.5",
  }),
  /** The right 3-D Secure code of the card form. */
  threeDsCode: z.string().default("123456"),
  /** Card numbers the issuer declines after 3-D Secure. */
  declinedCards: z.array(z.string()).default(["4000000000000002"]),
  /** Commission of payouts to a wallet (`/transfer/*`), in the payee currency. */
  transferFee: fee.default({ fix: "0", percent: "0.5" }),
  /** Wallet accounts of `/transfer/create` and `/bill/create`: a 12-digit number or an e-mail. */
  walletAccountRegex: z
    .string()
    .default("^(\\d{12}|[^@\\s]+@[^@\\s]+\\.[^@\\s]+)$"),
  timing: z
    .object({
      requisitesDelayMs: z.number().int().nonnegative().default(2000),
      payoutSettleMs: z.number().int().nonnegative().default(5000),
      /** Time incoming money spends in `hold` before it is `available`; 0 credits at once. */
      holdMs: z.number().int().nonnegative().default(0),
      callbackRetryBaseMs: z.number().int().positive().default(1000),
      callbackRetryMaxMs: z.number().int().positive().default(60000),
      callbackMaxAttempts: z.number().int().positive().default(10),
      callbackTimeoutMs: z.number().int().positive().default(5000),
      /** Minutes before an unpaid bank transfer's requisites expire (`ps_data.expired`). */
      transferWindowMinutes: z.number().int().positive().default(30),
    })
    .prefault({}),
  /** Outcome a payout settles to when no test decided it. */
  payoutOutcome: z
    .object({
      status: z.number().int().default(5),
      rejectedReason: z.string().optional(),
    })
    .prefault({}),
  fidelity: fidelitySchema,
  inputPayways: z.array(inputPaywaySchema).prefault(DEFAULT_INPUT_PAYWAYS),
  outputPayways: z.array(outputPaywaySchema).prefault(DEFAULT_OUTPUT_PAYWAYS),
})

export type ShopConfig = z.infer<typeof shopConfigSchema>
export type ShopConfigInput = z.input<typeof shopConfigSchema>
export type Fidelity = z.infer<typeof fidelitySchema>
export type InputPayway = z.infer<typeof inputPaywaySchema>
export type OutputPayway = z.infer<typeof outputPaywaySchema>

/** Validates a config object, naming the offending setting in the error. */
export function parseShopConfig(input: unknown): ShopConfig {
  const parsed = shopConfigSchema.safeParse(input ?? {})
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`
    )
    throw new Error(`invalid sandbox config: ${problems.join("; ")}`)
  }
  return parsed.data
}

export function loadShopConfigFile(path: string): ShopConfigInput {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as ShopConfigInput
  } catch (error) {
    throw new Error(
      `cannot read sandbox config ${path}: ${(error as Error).message}`
    )
  }
}
