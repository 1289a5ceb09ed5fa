import type { MedusaContainer } from "@medusajs/framework/types"
import type { PiastrixClient, PollingGuard } from "../../../../lib/piastrix"
import { PIASTRIX_MODULE } from "../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../modules/piastrix/service"
import type { PiastrixOptions } from "../../../../lib/plugin"

/**
 * The plugin options, the client for calls a payer waits on (one attempt, `interactiveTimeoutMs`) and the
 * shop's polling guard, from the plugin's module;
 * `effectiveOptions` adds the admin's operational settings (allowed payways), read at the call.
 */
export function piastrixOf(scope: MedusaContainer): {
  options: PiastrixOptions
  effectiveOptions: () => Promise<PiastrixOptions>
  client: PiastrixClient
  guard: PollingGuard
} {
  const service = scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  return {
    options: service.getOptions(),
    effectiveOptions: () => service.effectiveOptions(),
    client: service.getInteractiveClient(),
    guard: service.getPollingGuard(),
  }
}
