import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

/**
 * Medusa's query validator reads `a.b` as a nested key and answers a 500 for three levels; the plugin's
 * routes (store and admin) take only flat keys, so a dotted one is refused here as an unknown field.
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
 * with a 500 while matching the route, and PostgreSQL refuses a NUL byte in any text (`/recipients/x%00`)
 * with an error; mounted ahead of the routes, this refuses both as bad input.
 */
export function rejectUndecodablePath(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  let decoded: string[]
  try {
    decoded = req.path.split("/").map((segment) => decodeURIComponent(segment))
  } catch {
    return next(
      new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "id: the path is not valid percent-encoding"
      )
    )
  }
  // eslint-disable-next-line no-control-regex
  if (decoded.some((segment) => /[\u0000-\u001f\u007f]/.test(segment))) {
    return next(
      new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "id: the path holds a control character"
      )
    )
  }
  next()
}
