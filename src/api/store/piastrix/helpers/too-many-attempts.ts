import type { MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  attemptLimitMessage,
  type AttemptLimitName,
  type AttemptVerdict,
} from "../../../../modules/piastrix/repositories/attempt-limit"
import { PIASTRIX_MODULE } from "../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../modules/piastrix/service"

/** The plugin's module, which counts the storefront limits in Postgres (modules/piastrix/repositories/attempt-limit.ts). */
export function attemptLimits(scope: MedusaContainer): PiastrixModuleService {
  return scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
}

/**
 * Answers 429 for a refused attempt: the limit by its option name and when to retry, in the message and
 * in Retry-After (seconds). Medusa's error types have no 429, so the answer is written here.
 */
export function respondTooManyAttempts(
  scope: MedusaContainer,
  res: MedusaResponse,
  name: AttemptLimitName,
  verdict: Extract<AttemptVerdict, { allowed: false }>
): void {
  const limit = attemptLimits(scope).getOptions().limits[name]
  res
    .status(429)
    .set("Retry-After", String(verdict.retryAfterSeconds))
    .json({
      type: "too_many_requests",
      message: attemptLimitMessage(name, limit, verdict.retryAfterSeconds),
      limit: name,
      retry_after: verdict.retryAfterSeconds,
    })
}
