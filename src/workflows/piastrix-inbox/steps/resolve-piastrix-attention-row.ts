import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type { AttentionSource } from "../../../modules/piastrix/repositories/inbox-attention"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const resolvePiastrixAttentionRowStepId =
  "resolve-piastrix-attention-row"

/**
 * Marks a payment or refund that needs a person resolved, with the note and who wrote it; 400 when it is
 * resolved already or has just stopped needing one (a refund taken over meanwhile). Nothing to compensate:
 * it only records what a person did elsewhere, and is the workflow's last step.
 */
export const resolvePiastrixAttentionRowStep = createStep(
  resolvePiastrixAttentionRowStepId,
  async (
    input: {
      source: AttentionSource
      id: string
      note: string
      by: string | null
    },
    { container }
  ) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const { source, id, note, by } = input
    if (await piastrix.resolveAttentionRow(source, id, note, by)) {
      return new StepResponse(null)
    }
    const now = await piastrix.inboxRow(source, id)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      now?.state === "resolved"
        ? `id: the ${source} is resolved already`
        : `id: the ${source} no longer needs a person (the inbox does not list it now)`
    )
  }
)
