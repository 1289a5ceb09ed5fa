import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** What Medusa's scheduler hands a job: the tick it runs for (the time its run was queued, on Redis). */
export type JobTick = { scheduledFor?: Date }

/**
 * A scheduled job's run, in the log at debug level: which instance ran which tick. With Medusa's scheduler
 * on Redis one tick runs on one worker (docs/production.md); the many-instances suite reads these lines.
 */
export function logJobTick(
  container: MedusaContainer,
  name: string,
  tick?: JobTick
): void {
  const at = tick?.scheduledFor ?? new Date()
  container
    .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    .debug?.(`Piastrix job ${name}: tick ${at.toISOString()}`)
}
