import BigNumber from "bignumber.js"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PiastrixApiError, PiastrixErrorCode, sharedPollingGuard } from "../../../lib/piastrix"
import {
  describeError,
  markPaidWithoutOrder,
  outcomeOfServiceStatus,
  statusEndpointOf,
  type RegisteredPayment,
  type SqlConnection,
} from "../../../lib/plugin"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const checkLostPiastrixPaymentStepId = "check-lost-piastrix-payment"

export type LostPaymentOutcome = "paid_without_order" | "unpaid" | "unknown"

/**
 * Asks the service about a payment whose session Medusa no longer holds, through the shop's polling
 * guard. Paid, for the registered amount and currency: the money has no order, and the register row
 * says so for a person to act on (refund, or place the order by hand). Anything else changes nothing.
 */
export const checkLostPiastrixPaymentStep = createStep(
  checkLostPiastrixPaymentStepId,
  async (input: { payment: RegisteredPayment }, { container }) => {
    const { payment } = input
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const client = piastrix.getClient()
    const endpoint = statusEndpointOf(payment.kind)
    let record: { status: number; shop_amount: string; shop_currency: number; payment_id?: unknown }
    try {
      const answer = await sharedPollingGuard(client.apiUrl, client.shopId).run(endpoint, payment.shop_order_id, () =>
        payment.kind === "wallet"
          ? client.billStatus({ shop_order_id: payment.shop_order_id })
          : client.invoiceCheck({ shop_order_id: payment.shop_order_id })
      )
      record = answer.value as typeof record
    } catch (error) {
      const notFound = error instanceof PiastrixApiError && error.errorCode === PiastrixErrorCode.OPERATION_NOT_FOUND
      if (!notFound) {
        logger.info(`Piastrix reconcile: payment ${payment.shop_order_id}: status unavailable: ${describeError(error)}`)
      }
      return new StepResponse<LostPaymentOutcome>(notFound ? "unpaid" : "unknown")
    }
    const outcome = outcomeOfServiceStatus(record.status, payment.kind, piastrix.getOptions().statuses)
    const matches =
      new BigNumber(record.shop_amount).isEqualTo(payment.amount) && Number(record.shop_currency) === payment.currency
    if (outcome !== "paid" || !matches) {
      return new StepResponse<LostPaymentOutcome>("unpaid")
    }
    const reason =
      `the service reports payment ${String(record.payment_id ?? payment.payment_id ?? "")} of ${payment.amount} ` +
      `(currency ${payment.currency}) paid, but Medusa no longer holds its payment session; no order was created`
    await markPaidWithoutOrder(container.resolve<SqlConnection>(ContainerRegistrationKeys.PG_CONNECTION), payment.shop_order_id, reason)
    logger.warn(`Piastrix reconcile: payment ${payment.shop_order_id}: ${reason}`)
    return new StepResponse<LostPaymentOutcome>("paid_without_order")
  }
)
