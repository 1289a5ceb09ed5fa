import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  capturesMissingOn,
  earlierCaptureOf,
} from "../../piastrix-notification/utils/earlier-capture"
import { findCartAndOrder } from "../../piastrix-notification/utils/find-order"
import { paymentCaptured } from "../../piastrix-notification/utils/order-capture"
import type { OrderRef } from "../../piastrix-notification/utils/mark-order-payment-failed"
/** Medusa statuses of a session still waiting for money. */
const WAITING_STATUSES = ["pending", "pending_authorization"]

export const readPiastrixSessionOutcomeStepId = "read-piastrix-session-outcome"

export type SessionOutcome = {
  session_id: string
  outcome: "captured" | "waiting" | "failed" | "skipped"
  status: string
  /** The money came in another amount or currency than asked (the provider recorded it; never captured). */
  mismatch?: boolean
  order: OrderRef | null
}

/**
 * Whether the session carries a payment Medusa captured on the session it replaced, and its order records
 * that capture (run-piastrix-payment-processing.ts, `orderWithEarlierCapture`): settled, though Medusa's
 * status of the carrying session stays `pending_authorization` (authorize-carried.ts).
 */
async function earlierCaptureRecordedOn(
  container: MedusaContainer,
  sessionId: string,
  orderId: string
): Promise<boolean> {
  const earlier = await earlierCaptureOf(container, sessionId)
  return (
    !!earlier?.captures.length &&
    !(await capturesMissingOn(container, orderId, earlier)).length
  )
}

/**
 * Where a session stands after Medusa's payment processing ran for it, and the order around it. A
 * carrying session whose order records the earlier capture is captured (`earlierCaptureRecordedOn`).
 */
export const readPiastrixSessionOutcomeStep = createStep(
  readPiastrixSessionOutcomeStepId,
  async (
    input: { session_id: string; payment_collection_id: string },
    { container }
  ) => {
    const paymentModule = container.resolve(Modules.PAYMENT)
    const [after] = await paymentModule.listPaymentSessions(
      { id: input.session_id },
      { select: ["id", "status", "data"] }
    )
    const status = after?.status ?? "deleted"
    const { order } = await findCartAndOrder(
      container,
      input.payment_collection_id
    )
    // Authorized is settled once captured: a paid payment is authorized by the cart's completion and
    // captured after the order (order-capture.ts), by the processing that ran before this at the latest.
    // Not captured yet, it stays waiting (the register open, looked at again).
    const authorizedOnly =
      status === "authorized" &&
      !(await paymentCaptured(container, input.session_id))
    const outcome: SessionOutcome["outcome"] = authorizedOnly
      ? "waiting"
      : status === "authorized" ||
          status === "captured" ||
          (order &&
            status === "pending_authorization" &&
            (await earlierCaptureRecordedOn(
              container,
              input.session_id,
              order.id
            )))
        ? "captured"
        : WAITING_STATUSES.includes(status)
          ? "waiting"
          : "failed"
    return new StepResponse<SessionOutcome>({
      session_id: input.session_id,
      outcome,
      status,
      mismatch: after?.data?.state === "amount_mismatch",
      order,
    })
  }
)
