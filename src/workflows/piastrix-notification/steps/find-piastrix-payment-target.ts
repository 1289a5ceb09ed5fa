import type { BigNumberRawValue } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { findCartAndOrder } from "../utils/find-order"
import type { PaymentTarget, TargetSession } from "../types"

export const findPiastrixPaymentTargetStepId = "find-piastrix-payment-target"

/**
 * Finds the payment session a notification is about (`shop_order_id` is the session id, or the
 * payment a replacement session carries) and the cart and order around it. No session: another
 * integration's order, or a session Medusa deleted.
 */
export const findPiastrixPaymentTargetStep = createStep(
  findPiastrixPaymentTargetStepId,
  async (input: { shop_order_id: string }, { container }) => {
    const paymentModule = container.resolve(Modules.PAYMENT)
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const successes = await piastrix.listPiastrixNotifications(
      { shop_order_id: input.shop_order_id, status: "success" },
      { select: ["id"], take: 1 }
    )
    const paid_notification = successes.length > 0
    // The order's own session, or the one that carries its payment since Medusa replaced it.
    const [own] = await paymentModule.listPaymentSessions(
      { id: input.shop_order_id },
      { select: ["id"] }
    )
    const refunded = await piastrix.isPaymentRefunded(input.shop_order_id)
    const sessionId = own
      ? own.id
      : ((await piastrix.carryingSessionId(input.shop_order_id)) ??
        input.shop_order_id)
    const [session] = await paymentModule.listPaymentSessions(
      { id: sessionId },
      {
        select: [
          "id",
          "provider_id",
          "status",
          "amount",
          "raw_amount",
          "currency_code",
          "payment_collection_id",
          "data",
        ],
      }
    )
    if (!session) {
      const own_payment = await piastrix.isOwnPayment(input.shop_order_id)
      return new StepResponse<PaymentTarget>({
        session: null,
        own_payment,
        paid_notification,
        refunded,
        cart_id: null,
        order: null,
      })
    }
    const target: TargetSession = {
      id: session.id,
      provider_id: session.provider_id,
      status: session.status,
      amount: (session as unknown as { raw_amount: BigNumberRawValue })
        .raw_amount,
      currency_code: session.currency_code,
      payment_collection_id: session.payment_collection_id,
      data: (session.data ?? {}) as Record<string, unknown>,
    }
    const around = await findCartAndOrder(
      container,
      session.payment_collection_id
    )
    return new StepResponse<PaymentTarget>({
      session: target,
      own_payment: true,
      paid_notification,
      refunded,
      ...around,
    })
  }
)
