import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

/**
 * Medusa's query validator reads `a.b` as a nested key and answers a 500 for three levels; these
 * routes take only flat keys, so a dotted one is refused here as an unknown field.
 */
export function rejectDottedQueryKeys(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  const dotted = Object.keys(req.query ?? {}).filter((key) => key.includes("."))
  if (dotted.length) {
    return next(
      new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Invalid request: Unrecognized fields: '${dotted
          .map((k) => k.slice(0, 100))
          .join(", ")
          .slice(0, 500)}'`
      )
    )
  }
  next()
}

/**
 * Express answers a path parameter with a malformed percent-escape (`/sessions/%E0%A4%A/status`)
 * with a 500 while matching the route; mounted ahead of those routes, this refuses it as bad input.
 */
export function rejectUndecodablePath(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    req.path.split("/").forEach((segment) => decodeURIComponent(segment))
  } catch {
    return next(
      new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "id: the path is not valid percent-encoding"
      )
    )
  }
  next()
}
