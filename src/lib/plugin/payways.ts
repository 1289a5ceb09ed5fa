import BigNumber from "bignumber.js"
import { MedusaError } from "@medusajs/framework/utils"
import type { InputPayway, ShopInputConfigResult } from "../piastrix"
import type { PiastrixOptions } from "./options"
import type { PaymentKind } from "./identity"

/** Where each kind's payway choice lives in the options. */
export const PAYWAY_OPTION_KEY = {
  wallet: "wallet",
  redirect: "redirect",
  card: "card",
  bank_transfer: "bankTransfer",
} as const satisfies Record<PaymentKind, keyof PiastrixOptions["payways"]>

export type PaywayEntry = InputPayway & {
  is_bill_config: boolean
  method_name: string | null
}

/** The shop's directions as one list; each payway keeps whether its method is meant for wallet payments. */
export function flattenInputConfig(
  config: ShopInputConfigResult
): PaywayEntry[] {
  return config.flatMap((method) =>
    method.payways.map((payway) => ({
      ...payway,
      is_bill_config: method.is_bill_config === true,
      method_name: method.name ?? null,
    }))
  )
}

/**
 * The kind a direction belongs to. The configuration only marks wallet directions; host-to-host
 * aliases carry the `h2h` prefix (reference, Terms), and among those the card ones name the card.
 * An allow list in the options is the owner's word and overrides this guess.
 */
export function guessPaywayKind(
  entry: Pick<PaywayEntry, "alias" | "is_bill_config">
): PaymentKind {
  if (entry.is_bill_config) {
    return "wallet"
  }
  const alias = entry.alias.toLowerCase()
  if (!alias.startsWith("h2h")) {
    return "redirect"
  }
  return alias.includes("card") ? "card" : "bank_transfer"
}

function belongsTo(
  entry: PaywayEntry,
  kind: PaymentKind,
  options: PiastrixOptions
): boolean {
  const allowed = options.payways[PAYWAY_OPTION_KEY[kind]]?.allowed
  if (allowed) {
    return allowed.includes(entry.alias)
  }
  return guessPaywayKind(entry) === kind
}

export type PaywayCheck = {
  /** Numeric currency the payway must be in: the shop currency, or the payer's for wallet payments. */
  currency: number
  /** Wire amount in the shop currency; checked against the limits when the payway has that currency. */
  amount?: string
  /** Shop currency; limits are only compared when the payway is in it. */
  shopCurrency?: number
}

/** Why a payway cannot be used, or null when it can. Field is `payway` or `amount`. */
export function paywayProblem(
  entry: PaywayEntry | undefined,
  alias: string,
  kind: PaymentKind,
  options: PiastrixOptions,
  check: PaywayCheck
): { field: "payway" | "amount"; message: string } | null {
  const allowed = options.payways[PAYWAY_OPTION_KEY[kind]]?.allowed
  if (allowed && !allowed.includes(alias)) {
    return {
      field: "payway",
      message: `payway "${alias}" is not allowed for ${kind} payments in this store`,
    }
  }
  if (!entry) {
    return {
      field: "payway",
      message: `payway "${alias}" is not enabled for this shop`,
    }
  }
  if (!allowed && guessPaywayKind(entry) !== kind) {
    return {
      field: "payway",
      message: `payway "${alias}" is not a ${kind} payment direction`,
    }
  }
  if (entry.is_active === false) {
    return {
      field: "payway",
      message: `payway "${alias}" is not active at the moment`,
    }
  }
  if (entry.currency !== check.currency) {
    return {
      field: "payway",
      message: `payway "${alias}" takes currency ${entry.currency}, not ${check.currency}`,
    }
  }
  const comparable =
    check.amount !== undefined &&
    (check.shopCurrency ?? check.currency) === entry.currency
  if (comparable) {
    const amount = new BigNumber(check.amount!)
    if (entry.min_amount != null && amount.isLessThan(entry.min_amount)) {
      return {
        field: "amount",
        message: `amount ${check.amount} is below the minimum ${entry.min_amount} of payway "${alias}"`,
      }
    }
    if (entry.max_amount != null && amount.isGreaterThan(entry.max_amount)) {
      return {
        field: "amount",
        message: `amount ${check.amount} is above the maximum ${entry.max_amount} of payway "${alias}"`,
      }
    }
  }
  return null
}

/** The directions of `kind` a payment of this currency and amount can use. */
export function usablePayways(
  config: ShopInputConfigResult,
  kind: PaymentKind,
  options: PiastrixOptions,
  check: PaywayCheck
): PaywayEntry[] {
  return flattenInputConfig(config).filter(
    (entry) =>
      belongsTo(entry, kind, options) &&
      !paywayProblem(entry, entry.alias, kind, options, check)
  )
}

function invalid(field: string, message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, `${field}: ${message}`)
}

/**
 * The payway a session uses: the storefront's, else the options' default, else the only usable one
 * (wallet payments may go without one: the service picks the payer currency's wallet). Throws
 * INVALID_DATA naming `payway` or `amount`. `config` is null when the directions could not be read:
 * the service then judges the payway itself.
 */
export function choosePayway(
  config: ShopInputConfigResult | null,
  kind: PaymentKind,
  options: PiastrixOptions,
  requested: string | undefined,
  check: PaywayCheck
): string | null {
  const alias = requested ?? options.payways[PAYWAY_OPTION_KEY[kind]]?.default
  if (alias) {
    if (config) {
      const entry = flattenInputConfig(config).find((e) => e.alias === alias)
      const problem = paywayProblem(entry, alias, kind, options, check)
      if (problem) {
        throw invalid(problem.field, problem.message)
      }
    } else {
      const allowed = options.payways[PAYWAY_OPTION_KEY[kind]]?.allowed
      if (allowed && !allowed.includes(alias)) {
        throw invalid(
          "payway",
          `payway "${alias}" is not allowed for ${kind} payments in this store`
        )
      }
    }
    return alias
  }
  if (!config) {
    if (kind === "wallet") {
      return null
    }
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "payway: the shop's payment directions could not be read from Piastrix; name a payway or try again"
    )
  }
  const usable = usablePayways(config, kind, options, check)
  if (usable.length === 1 || (kind === "wallet" && usable.length > 0)) {
    return usable[0].alias
  }
  if (kind === "wallet") {
    return null
  }
  if (!usable.length) {
    throw invalid(
      "payway",
      `no ${kind} payment direction of this shop accepts this currency and amount`
    )
  }
  throw invalid(
    "payway",
    `is required: choose one of ${usable.map((e) => e.alias).join(", ")}`
  )
}
