import {
  flattenInputConfig,
  guessPaywayKind,
  PAYWAY_OPTION_KEY,
  paywayProblem,
  usablePayways,
  type PaywayEntry,
} from "../../../../lib/plugin"
import { PAYMENT_KINDS, type PaymentKind } from "../../../../lib/plugin"
import type { PiastrixOptions } from "../../../../lib/plugin"
import type { ShopInputConfigResult } from "../../../../lib/piastrix"
import type { Direction } from "../../../../storefront/types"

/**
 * The storefront's view of the shop's payment directions (the kit's `Direction`). The rules (which kind
 * a payway belongs to, allow lists, currency, limits) are the provider's own, so whatever is listed here
 * is what starting a payment session accepts.
 */
export type { Direction }

/** A payment of `amount` (wire text) in `currency` (numeric), the shop currency. */
export type PaymentTarget = { currency: number; amount: string }

function toDirection(
  entry: PaywayEntry,
  kind: PaymentKind,
  options: PiastrixOptions
): Direction {
  return {
    payway: entry.alias,
    kind,
    name: entry.method_name,
    currency: entry.currency,
    min_amount: entry.min_amount ?? null,
    max_amount: entry.max_amount ?? null,
    fee_config: entry.fee_config ?? null,
    fee_part_config: entry.fee_part_config ?? null,
    add_ons_config: entry.add_ons_config ?? null,
    is_default:
      options.payways[PAYWAY_OPTION_KEY[kind]]?.default === entry.alias,
  }
}

/** The usable directions per kind (every kind, or the one asked for). */
export function directionsByKind(
  config: ShopInputConfigResult,
  options: PiastrixOptions,
  target: PaymentTarget,
  only?: PaymentKind
): Partial<Record<PaymentKind, Direction[]>> {
  const check = {
    currency: target.currency,
    amount: target.amount,
    shopCurrency: target.currency,
  }
  const kinds = only ? [only] : PAYMENT_KINDS
  return Object.fromEntries(
    kinds.map((kind) => [
      kind,
      usablePayways(config, kind, options, check).map((entry) =>
        toDirection(entry, kind, options)
      ),
    ])
  )
}

/** The kind a payway is offered as: the one whose allow list names it, else the service's conventions. */
function kindOf(entry: PaywayEntry, options: PiastrixOptions): PaymentKind {
  return (
    PAYMENT_KINDS.find((kind) =>
      options.payways[PAYWAY_OPTION_KEY[kind]]?.allowed?.includes(entry.alias)
    ) ?? guessPaywayKind(entry)
  )
}

/** One payway checked for a payment: its direction, or why it cannot be used (field to blame). */
export function checkPayway(
  config: ShopInputConfigResult,
  options: PiastrixOptions,
  alias: string,
  target: PaymentTarget
):
  | { direction: Direction }
  | { problem: { field: "payway" | "amount"; message: string } } {
  const entry = flattenInputConfig(config).find((e) => e.alias === alias)
  const kind = entry ? kindOf(entry, options) : "redirect"
  const check = {
    currency: target.currency,
    amount: target.amount,
    shopCurrency: target.currency,
  }
  const problem = paywayProblem(entry, alias, kind, options, check)
  if (problem || !entry) {
    return {
      problem: problem ?? {
        field: "payway",
        message: `payway "${alias}" is not enabled for this shop`,
      },
    }
  }
  return { direction: toDirection(entry, kind, options) }
}
