import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { RegisteredPayment } from "../../lib/plugin"
import { checkLostPiastrixPaymentStep } from "./steps/check-lost-piastrix-payment"

export const checkLostPiastrixPaymentWorkflowId = "check-lost-piastrix-payment"

/**
 * Looks once at a payment this store opened whose session Medusa no longer holds, and whose
 * callback never came: paid money without an order is put in front of a person.
 */
export const checkLostPiastrixPaymentWorkflow = createWorkflow(
  checkLostPiastrixPaymentWorkflowId,
  (input: { payment: RegisteredPayment }) => {
    return new WorkflowResponse(checkLostPiastrixPaymentStep({ payment: input.payment }))
  }
)
