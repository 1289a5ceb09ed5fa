import {
  createCallbackVerifier,
  createSenderAllowlist,
  PiastrixClient,
  type CallbackVerifier,
  type SenderHeaders,
} from "../piastrix"
import type { PiastrixOptions } from "./options"

/**
 * The client of the service the options describe. `interactive`: for calls a person waits on, one attempt
 * within `interactiveTimeoutMs` (a retry there only makes the wait three times as long; the person can try
 * again). Jobs and workflows keep the patient client, whose reads are retried.
 */
export function createPiastrixClient(
  options: PiastrixOptions,
  { interactive = false }: { interactive?: boolean } = {}
): PiastrixClient {
  return new PiastrixClient({
    shopId: options.shopId,
    secretKey: options.secretKey,
    apiUrl: options.apiUrl,
    h2hUrl: options.h2hUrl,
    timeoutMs: interactive
      ? Math.min(options.timeoutMs, options.interactiveTimeoutMs)
      : options.timeoutMs,
    retry: interactive ? { attempts: 1 } : undefined,
    signEmail: options.signEmail,
  })
}

/** The verifier of the service's callbacks to this shop: the one signature scheme of the plugin. */
export function createPiastrixVerifier(
  options: PiastrixOptions
): CallbackVerifier {
  return createCallbackVerifier({
    secretKey: options.secretKey,
    shopId: options.shopId,
  })
}

export type SenderCheck = (
  ip: string | null | undefined,
  headers?: SenderHeaders
) => boolean

/** Who may post callbacks: anyone unless the options hold an allowlist (the signature is the gate). */
export function createSenderCheck(options: PiastrixOptions): SenderCheck {
  const { callbackAllowlist, trustProxy } = options
  if (!callbackAllowlist) {
    return () => true
  }
  return createSenderAllowlist({ allowlist: callbackAllowlist, trustProxy })
}
