import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { findPiastrixReturnedSharesStep } from "./steps/find-piastrix-returned-shares"
import { reversePiastrixReturnedSharesStep } from "./steps/reverse-piastrix-returned-shares"
import { messageText } from "../../lib/plugin/messages"

export const reversePiastrixReturnsWorkflowId = "reverse-piastrix-returns"

/** A received return takes back what its items earned their vendors, pro rata per item. */
export const reversePiastrixReturnsWorkflow = createWorkflow(
  reversePiastrixReturnsWorkflowId,
  (input: { order_id: string; return_id: string }) => {
    const shares = findPiastrixReturnedSharesStep(input)
    const reversal = transform({ input, shares }, ({ input, shares }) => ({
      shares,
      reason: messageText("ledger.return_received", {
        return: input.return_id,
      }),
    }))
    return new WorkflowResponse(reversePiastrixReturnedSharesStep(reversal))
  }
)
