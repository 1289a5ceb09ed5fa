import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { savePiastrixSettingsStep } from "./steps/save-piastrix-settings"

export const savePiastrixSettingsWorkflowId = "save-piastrix-settings"

export type SavePiastrixSettingsInput = {
  /** Setting keys (`payouts.defaultHoldDays`, ...) with their new values; null: back to the default. */
  settings: Record<string, unknown>
  /** The admin user who changed them. */
  by: string | null
}

/**
 * An admin changes operational settings (modules/piastrix/repositories/settings.ts): payout defaults and approval threshold,
 * refund policy, payways. Every instance uses them from its next request.
 */
export const savePiastrixSettingsWorkflow = createWorkflow(
  savePiastrixSettingsWorkflowId,
  (input: SavePiastrixSettingsInput) => {
    savePiastrixSettingsStep(input)
    return new WorkflowResponse(null)
  }
)
