import type { MedusaContainer } from "@medusajs/framework/types"
import type { PiastrixClient } from "../../../../lib/piastrix"
import { PIASTRIX_MODULE } from "../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../modules/piastrix/service"
import type { PiastrixOptions } from "../../../../lib/plugin"

/** The plugin options and the one client of this process, from the plugin's module. */
export function piastrixOf(scope: MedusaContainer): { options: PiastrixOptions; client: PiastrixClient } {
  const service = scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  return { options: service.getOptions(), client: service.getClient() }
}
