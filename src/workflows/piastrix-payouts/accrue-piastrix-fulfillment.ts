import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { findPiastrixFulfilledSalesStep } from "./steps/find-piastrix-fulfilled-sales"
import { postPiastrixAccrualsStep } from "./steps/post-piastrix-accruals"

export const accruePiastrixFulfillmentWorkflowId = "accrue-piastrix-fulfillment"

/** A fulfillment earns each vendor its share of the lines it fulfilled, into held (once per line). */
export const accruePiastrixFulfillmentWorkflow = createWorkflow(
  accruePiastrixFulfillmentWorkflowId,
  (input: { order_id: string; fulfillment_id: string }) => {
    const sales = findPiastrixFulfilledSalesStep(input)
    const accruals = transform({ sales }, ({ sales }) => sales.accruals)
    const posted = postPiastrixAccrualsStep(accruals)
    return new WorkflowResponse(
      transform({ sales, posted }, ({ sales, posted }) => ({
        posted,
        skipped: sales.skipped,
      }))
    )
  }
)
