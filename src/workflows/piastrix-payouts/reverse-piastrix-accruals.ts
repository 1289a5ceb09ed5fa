import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { reversePiastrixAccrualsStep } from "./steps/reverse-piastrix-accruals"

export const reversePiastrixAccrualsWorkflowId = "reverse-piastrix-accruals"

/** A canceled order or fulfillment takes back what it earned its vendors. */
export const reversePiastrixAccrualsWorkflow = createWorkflow(
  reversePiastrixAccrualsWorkflowId,
  (input: {
    order_id: string
    fulfillment_id?: string | null
    reason: string
  }) => new WorkflowResponse(reversePiastrixAccrualsStep(input))
)
