import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  describeError,
  outcomeOfServiceStatus,
  paidAsAsked,
  readPaymentStatus,
} from "../../../lib/plugin"
import { type RegisteredPayment } from "../../../modules/piastrix/repositories/payment-register"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const checkPiastrixPaymentStatusStepId = "check-piastrix-payment-status"

export type PaymentStatusCheck = {
  /**
   * paid: the service reports it paid, for the registered amount and currency; paid_not_as_asked: paid,
   * another amount or currency (never captured: a person decides); ended: rejected, expired or canceled;
   * pending: not yet (or not found); unknown: the service could not be asked.
   */
  outcome: "paid" | "paid_not_as_asked" | "pending" | "ended" | "unknown"
  detail: string
  /** paid_not_as_asked: what the service reports paid (its currency's numeric code). */
  paid?: { amount: string; currency: number }
}

/**
 * Asks the service where a registered payment stands, through the shop's polling guard (the
 * provider's authorization right after reuses the answer instead of asking again). A paid status
 * counts only with the registered amount and currency: a status read captures only corroborated money;
 * another amount or currency is reported as such, for a person.
 */
export const checkPiastrixPaymentStatusStep = createStep(
  checkPiastrixPaymentStatusStepId,
  async (input: { payment: RegisteredPayment }, { container }) => {
    const { payment } = input
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const client = piastrix.getClient()
    const read = await readPaymentStatus(
      { client, guard: piastrix.getPollingGuard() },
      payment.kind,
      payment.shop_order_id
    )
    if (read.outcome === "absent") {
      return new StepResponse<PaymentStatusCheck>({
        outcome: "pending",
        detail: "not found at the service",
      })
    }
    if (read.outcome === "unavailable") {
      logger.info(
        `Piastrix payment ${payment.shop_order_id}: status unavailable (reconcile job): ${describeError(read.error)}`
      )
      return new StepResponse<PaymentStatusCheck>({
        outcome: "unknown",
        detail: describeError(read.error),
      })
    }
    const record = read.record
    const meaning = outcomeOfServiceStatus(
      record.status,
      payment.kind,
      piastrix.getOptions().statuses
    )
    const detail = `payment ${String(record.payment_id ?? payment.payment_id ?? "")} status ${record.status}`
    if (meaning === "paid") {
      const asked = { amount: payment.amount, currency: payment.currency }
      return new StepResponse<PaymentStatusCheck>(
        paidAsAsked(
          { amount: record.shop_amount, currency: record.shop_currency },
          asked
        )
          ? { outcome: "paid", detail }
          : {
              outcome: "paid_not_as_asked",
              detail: `${detail}: paid ${record.shop_amount} (currency ${record.shop_currency}), asked ${payment.amount} (currency ${payment.currency})`,
              paid: {
                amount: String(record.shop_amount),
                currency: Number(record.shop_currency),
              },
            }
      )
    }
    return new StepResponse<PaymentStatusCheck>({
      outcome: meaning === "pending" ? "pending" : "ended",
      detail,
    })
  }
)
