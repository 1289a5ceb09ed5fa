import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import type { PayoutContext } from "./utils/send"
import { PIASTRIX_MODULE } from "."
import type PiastrixModuleService from "./service"

/**
 * What the payout jobs (`src/jobs/*-piastrix-*`) share: the plugin's module service, or null when the jobs
 * are off (`PIASTRIX_PAYOUTS=off`, as the test suites set it) or the app loads the module without options.
 */
export function scheduledPayouts(
  container: MedusaContainer,
  env: NodeJS.ProcessEnv = process.env
): PiastrixModuleService | null {
  if ((env.PIASTRIX_PAYOUTS ?? "").trim().toLowerCase() === "off") {
    return null
  }
  try {
    return container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  } catch (error) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .debug?.(`Piastrix payouts: off (${String(error)})`)
    return null
  }
}

/**
 * The payout context of the plugin's module, for the suites that call the payout runs (`repositories/runs.ts`) directly
 * (with a client of their own). The plugin's code goes through the service's methods.
 */
export function payoutContextOf(container: MedusaContainer): PayoutContext {
  return container
    .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    .payoutContext()
}
