import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PiastrixValidationError } from "../../../lib/piastrix"
import { describeError } from "../../../lib/plugin"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export function piastrixModule(req: MedusaRequest): PiastrixModuleService {
  return req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
}

/**
 * Answers with what the service returned, 400 naming the field when the input cannot be sent, or 502
 * with a readable reason when the service cannot be asked (down, timed out, refused the shop): the admin
 * pages show that reason and stay usable.
 */
export async function fromService<T>(
  res: MedusaResponse,
  read: () => Promise<T>
): Promise<void> {
  let body: T
  try {
    body = await read()
  } catch (error) {
    if (error instanceof PiastrixValidationError) {
      // Refused before anything was sent: the input cannot go on the wire (an amount with more digits
      // than its currency has). The admin's to correct, not the service's fault.
      res.status(400).json({
        type: "invalid_data",
        message: `${error.field}: ${error.problem}`,
      })
      return
    }
    serviceUnavailable(res, error)
    return
  }
  res.json(body)
}

/** 502 with a readable reason: the service could not be asked (down, timed out, refused the shop). */
export function serviceUnavailable(res: MedusaResponse, error: unknown): void {
  res.status(502).json({
    type: "service_unavailable",
    message: `Piastrix: ${describeError(error)}`,
  })
}
