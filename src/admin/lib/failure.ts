import { FetchError } from "@medusajs/js-sdk"
import {
  plainMessage,
  type MessageContext,
  type PlainMessage,
} from "../../lib/plugin/messages"
import { messageOf } from "./api"

/** The admin's sentences for a failure the plugin's codes do not name (`failures.<key>`). */
export type FailureKey = "service" | "busy" | "gone" | "refused" | "unknown"

/**
 * Why an action or a read failed, as the admin words it: the plugin's own code when the server's message is
 * one of them, else what the answer's status says (Piastrix could not be asked, someone else is on it, it is
 * gone, refused as it was sent, or no answer at all). The raw message is for Details only.
 */
export function failureOf(
  error: unknown,
  context: MessageContext = {}
): { message: PlainMessage } | { key: FailureKey } {
  // A 502 names the service first ("Piastrix: PiastrixNetworkError: ..."): its reason is what follows.
  const said = plainMessage(
    messageOf(error).replace(/^Piastrix: /, ""),
    context
  )
  if (said && said.code !== "other") {
    return { message: said }
  }
  const status = error instanceof FetchError ? error.status : undefined
  if (status === 502) {
    return { key: "service" }
  }
  if (status === 409) {
    return { key: "busy" }
  }
  if (status === 404) {
    return { key: "gone" }
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return { key: "refused" }
  }
  return { key: "unknown" }
}
