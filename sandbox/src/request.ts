import type { IncomingHttpHeaders } from "node:http"
import type { SandboxContext } from "./context"

/** A request as handlers see it: the whole body already read. */
export type SandboxRequest = {
  ctx: SandboxContext
  method: string
  path: string
  params: Record<string, string>
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: Buffer
  /** The body passed the server's read limit and was cut off. */
  bodyTooLarge: boolean
}

/** Form-encoded or JSON body as flat strings, for payer pages and the card form. */
export function formFields(req: SandboxRequest): Record<string, string> {
  const text = req.body.toString("utf8")
  const type = String(req.headers["content-type"] ?? "")
  if (type.includes("application/json")) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>
      return Object.fromEntries(
        Object.entries(parsed).map(([k, v]) => [k, v === null ? "" : String(v)])
      )
    } catch {
      return {}
    }
  }
  return Object.fromEntries(new URLSearchParams(text))
}

/** A small JSON body of the control API; an empty body is `{}`. */
export function controlBody(req: SandboxRequest): Record<string, unknown> {
  const text = req.body.toString("utf8").trim()
  if (!text) {
    return {}
  }
  const parsed = JSON.parse(text) as unknown
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new SyntaxError("control body must be a JSON object")
  }
  return parsed as Record<string, unknown>
}
