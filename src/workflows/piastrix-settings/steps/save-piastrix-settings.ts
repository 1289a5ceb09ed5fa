import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SettingError } from "../../../modules/piastrix/repositories/settings"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const savePiastrixSettingsStepId = "save-piastrix-settings"

/**
 * Stores the admin's changes of operational settings, all or none: a setting written in medusa-config.ts, an
 * unknown one or a bad value is refused with 400 naming it. Compensation stores back what the changed
 * settings were (null, "the default", for one never stored).
 */
export const savePiastrixSettingsStep = createStep(
  savePiastrixSettingsStepId,
  async (
    input: { settings: Record<string, unknown>; by: string | null },
    { container }
  ) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const stored: Record<string, unknown> = await piastrix.storedSettings()
    try {
      await piastrix.saveSettings(input.settings, input.by)
    } catch (error) {
      if (error instanceof SettingError) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, error.message)
      }
      throw error
    }
    return new StepResponse(null, {
      previous: Object.fromEntries(
        Object.keys(input.settings).map((k) => [k, stored[k] ?? null])
      ),
      by: input.by,
    })
  },
  async (undo, { container }) => {
    if (!undo) {
      return
    }
    await container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .saveSettings(undo.previous, undo.by)
  }
)
