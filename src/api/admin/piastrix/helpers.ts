import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { describeError } from "../../../lib/plugin"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export function piastrixModule(req: MedusaRequest): PiastrixModuleService {
  return req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
}

/**
 * Answers with what the service returned, or 502 with a readable reason when it cannot be asked (down,
 * timed out, refused the shop): the admin pages show that reason and stay usable.
 */
export async function fromService<T>(
  res: MedusaResponse,
  read: () => Promise<T>
): Promise<void> {
  let body: T
  try {
    body = await read()
  } catch (error) {
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
