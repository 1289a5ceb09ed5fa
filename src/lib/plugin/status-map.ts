import type { PaymentSessionStatus } from "@medusajs/framework/types"
import type { PiastrixOptions } from "./options"
import type { PaymentKind } from "./identity"
import type { SessionState } from "./session-data"

/** What a numeric status of the service means, through the options' maps. */
export type ServiceOutcome =
  "pending" | "paid" | "rejected" | "expired" | "canceled"

/** Unknown codes mean "pending": the service documents only "4 = paid", and a callback settles the rest. */
export function outcomeOfServiceStatus(
  code: number,
  kind: PaymentKind,
  statuses: PiastrixOptions["statuses"]
): ServiceOutcome {
  const map = kind === "wallet" ? statuses.bill : statuses.invoice
  return map[String(code)] ?? "pending"
}

export function isKnownServiceStatus(
  code: number,
  kind: PaymentKind,
  statuses: PiastrixOptions["statuses"]
): boolean {
  const map = kind === "wallet" ? statuses.bill : statuses.invoice
  return String(code) in map
}

/** The session state an outcome leads to (a paid outcome still needs the amount check). */
export function stateOfOutcome(
  outcome: Exclude<ServiceOutcome, "paid">
): SessionState {
  switch (outcome) {
    case "rejected":
      return "failed"
    case "expired":
      return "expired"
    case "canceled":
      return "canceled"
    default:
      return "pending"
  }
}

/**
 * The one map from our state to Medusa's. An unpaid bank transfer is `pending_authorization` so the
 * order exists while the money travels; other unpaid kinds stay `pending` (cart completion refuses).
 */
export function medusaStatusOf(
  state: SessionState,
  kind: PaymentKind
): PaymentSessionStatus {
  switch (state) {
    case "paid":
      return "captured"
    case "failed":
    case "amount_mismatch":
      return "error"
    case "expired":
    case "canceled":
      return "canceled"
    default:
      return kind === "bank_transfer" ? "pending_authorization" : "pending"
  }
}
