import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type { AttentionSource } from "../../../modules/piastrix/repositories/inbox-attention"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const findPiastrixAttentionRowStepId = "find-piastrix-attention-row"

/**
 * Reads the payment or refund an admin marks resolved as the inbox lists it; one the inbox does not list
 * (unknown, or no longer needing a person: a refund taken over, a notification of the payment come) is
 * refused with 404 naming the id.
 */
export const findPiastrixAttentionRowStep = createStep(
  findPiastrixAttentionRowStepId,
  async (input: { source: AttentionSource; id: string }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const row = await piastrix.inboxRow(input.source, input.id)
    if (!row) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `id: no Piastrix ${input.source} ${input.id} is in the inbox`
      )
    }
    return new StepResponse(row)
  }
)
