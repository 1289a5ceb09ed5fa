import type {
  BigNumberRawValue,
  IPaymentModuleService,
} from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { findCartAndOrder } from "../utils/find-order"
import type { PaymentTarget, TargetSession } from "../types"

export const findPiastrixPaymentTargetStepId = "find-piastrix-payment-target"

const SESSION_FIELDS = [
  "id",
  "provider_id",
  "status",
  "amount",
  "raw_amount",
  "currency_code",
  "payment_collection_id",
  "data",
]

/**
 * Finds the payment session a notification is about (`shop_order_id` is the session id, or the
 * payment a replacement session carries) and the cart and order around it. No session: another
 * integration's order, or a session Medusa deleted. `status` is the notification's: a success is
 * itself the verified success `paid_notification` asks about, so the inbox is read only for others.
 */
export const findPiastrixPaymentTargetStep = createStep(
  findPiastrixPaymentTargetStepId,
  async (input: { shop_order_id: string; status?: string }, { container }) => {
    const paymentModule = container.resolve(Modules.PAYMENT)
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const paid_notification =
      input.status === "success" ||
      (
        await piastrix.listPiastrixNotifications(
          { shop_order_id: input.shop_order_id, status: "success" },
          { select: ["id"], take: 1 }
        )
      ).length > 0
    const refunded = await piastrix.isPaymentRefunded(input.shop_order_id)
    // The order's own session, or the one that carries its payment since Medusa replaced it.
    const session =
      (
        await paymentModule.listPaymentSessions(
          { id: input.shop_order_id },
          { select: SESSION_FIELDS }
        )
      )[0] ??
      (await carriedSession(paymentModule, piastrix, input.shop_order_id))
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

/** The live session that carries the payment `shopOrderId` since Medusa replaced its own, if any. */
async function carriedSession(
  paymentModule: IPaymentModuleService,
  piastrix: PiastrixModuleService,
  shopOrderId: string
) {
  const sessionId = await piastrix.carryingSessionId(shopOrderId)
  if (!sessionId) {
    return undefined
  }
  const [session] = await paymentModule.listPaymentSessions(
    { id: sessionId },
    { select: SESSION_FIELDS }
  )
  return session
}
