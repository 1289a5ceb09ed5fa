import type { MedusaContainer } from "@medusajs/framework/types"
import type { PiastrixClient, PollingGuard } from "../../../../lib/piastrix"
import { PIASTRIX_MODULE } from "../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../modules/piastrix/service"
import type { PiastrixOptions } from "../../../../lib/plugin"

/** The plugin options, the one client of this process and the shop's polling guard, from the plugin's module. */
export function piastrixOf(scope: MedusaContainer): {
  options: PiastrixOptions
  client: PiastrixClient
  guard: PollingGuard
} {
  const service = scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  return {
    options: service.getOptions(),
    client: service.getClient(),
    guard: service.getPollingGuard(),
  }
}
