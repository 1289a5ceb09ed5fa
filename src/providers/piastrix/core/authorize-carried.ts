import { MedusaError } from "@medusajs/framework/utils"
import { describeError, type PiastrixSessionData } from "../../../lib/plugin"
import { resolvePiastrixPayment, type Resolution } from "./authorize"
import type { ProviderContext } from "./context"

/**
 * What Medusa's authorization of a session gets: where its payment stands (`resolvePiastrixPayment`), except
 * for a session carrying a paid payment that Medusa already captured on the payment of the session it
 * replaced (a cart completion that failed after capturing: its compensation's refund is refused, refund.ts,
 * and the new session carries the payment, initiate.ts). That one answers `pending_authorization`: Medusa
 * places the order without a second payment or capture, and the processing records the first capture on
 * the order (run-piastrix-payment-processing.ts). Unreadable: an error, and nothing is captured.
 */
export async function authorizePiastrixPayment(
  ctx: ProviderContext,
  stored: PiastrixSessionData
): Promise<Resolution> {
  const resolution = await resolvePiastrixPayment(ctx, stored)
  if (resolution.status !== "captured") {
    return resolution
  }
  // Paid: `authorized`, its data saying so (state `paid`). Medusa places the order without capturing
  // inside the completion; the order's capture follows it (capturePaidOrderPayments, order-capture.ts).
  const authorized: Resolution = { ...resolution, status: "authorized" }
  if (stored.shop_order_id === stored.session_id) {
    return authorized
  }
  let capturedBefore: boolean
  try {
    capturedBefore = await ctx.capturedBefore(
      stored.session_id,
      stored.shop_order_id
    )
  } catch (error) {
    ctx.logger.error(
      `Piastrix session ${stored.session_id}: not authorized, an earlier capture of ${stored.shop_order_id} unreadable: ${describeError(error)}`
    )
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "The Piastrix payment could not be checked against an earlier capture; try again shortly"
    )
  }
  if (!capturedBefore) {
    return authorized
  }
  ctx.logger.info(
    `Piastrix session ${stored.session_id}: ${stored.shop_order_id} was captured on the session it replaced; the order records that capture`
  )
  return { ...resolution, status: "pending_authorization" }
}
