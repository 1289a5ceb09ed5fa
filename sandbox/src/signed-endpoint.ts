import {
  signaturesEqual,
  signedFieldsOf as signedFieldsUnder,
  signFields,
  type SignedEndpoint,
} from "../../src/lib/piastrix/sign"
import type { SandboxContext } from "./context"
import {
  badSignError,
  EnvelopeError,
  PiastrixErrorCode,
} from "./envelope-error"
import { errorEnvelope, okEnvelope, type Reply } from "./reply"
import type { SandboxRequest } from "./request"
import { RequestFields } from "./request-fields"

export type Handler = (req: SandboxRequest) => Reply | Promise<Reply>

/**
 * A signed JSON endpoint: parse the body keeping source texts, check the required signed fields,
 * the shop and the signature, then answer `handle`'s result in the envelope.
 */
export function signedEndpoint(
  endpoint: SignedEndpoint,
  handle: (fields: RequestFields, req: SandboxRequest) => unknown
): Handler {
  return (req) => {
    try {
      const fields = RequestFields.parse(req.body)
      verifyRequest(req.ctx, endpoint, fields)
      return okEnvelope(handle(fields, req))
    } catch (error) {
      if (error instanceof EnvelopeError) {
        return errorEnvelope(error.errorCode, error.message)
      }
      throw error
    }
  }
}

/** An unsigned JSON endpoint with the envelope (`/h2h_data`). */
export function unsignedEndpoint(
  handle: (fields: RequestFields, req: SandboxRequest) => unknown
): Handler {
  return (req) => {
    try {
      return okEnvelope(handle(RequestFields.parse(req.body), req))
    } catch (error) {
      if (error instanceof EnvelopeError) {
        return errorEnvelope(error.errorCode, error.message)
      }
      throw error
    }
  }
}

/** The signed fields of `endpoint` under the sandbox's reading (the `signEmail` switch). */
export function signedFieldsOf(
  ctx: SandboxContext,
  endpoint: SignedEndpoint
): readonly string[] {
  return signedFieldsUnder(endpoint, {
    signEmail: ctx.config.fidelity.signEmail,
  })
}

export function verifyRequest(
  ctx: SandboxContext,
  endpoint: SignedEndpoint,
  fields: RequestFields
): void {
  const keys = signedFieldsOf(ctx, endpoint)
  fields.requireAll(keys)
  if (keys.includes("now") && ctx.config.fidelity.strictNow) {
    fields.checkNow()
  }
  const shopId = fields.int("shop_id")
  if (shopId !== ctx.config.shopId) {
    throw new EnvelopeError(
      PiastrixErrorCode.SHOP_NOT_FOUND,
      `Shop (id = ${shopId}) is not found`
    )
  }
  const received = fields.has("sign") ? fields.source("sign") : undefined
  // The signature covers the text the body carried, so `10.00` and `"10.00"` sign alike and `10.0` does not.
  const expected = signFields(fields.sourcesOf(keys), keys, ctx.config.secret)
  if (!received || !signaturesEqual(expected, received)) {
    throw badSignError(endpoint)
  }
}
