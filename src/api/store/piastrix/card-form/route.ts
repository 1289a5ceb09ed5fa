import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { piastrixOf } from "../helpers/piastrix-context"
import { loadPiastrixSession } from "../helpers/piastrix-session"
import { respondToServiceError } from "../helpers/service-error"
import type { StoreCardFormBodyType } from "../validators"

/**
 * POST /store/piastrix/card-form { session_id }
 * The card form token and address of a `piastrix-card` session (`/h2h_data`). The browser then posts
 * the card data straight to `payform_url` with `form_token` and `session_id`: card data never passes
 * through Medusa, and this route accepts nothing but the Medusa session id.
 */
export async function POST(
  req: MedusaRequest<StoreCardFormBodyType>,
  res: MedusaResponse
) {
  const { session_id } = req.validatedBody
  const session = await loadPiastrixSession(req, session_id, "session_id", [
    "card",
  ])
  const nextAction = session.data.next_action as
    { type?: unknown; h2h_session_id?: unknown } | null | undefined
  const h2hSessionId =
    nextAction?.type === "card_form" ? nextAction.h2h_session_id : undefined
  if (typeof h2hSessionId !== "string" || !h2hSessionId) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `session_id: ${session_id} has no card form to fill (state ${String(session.data.state ?? session.status)})`
    )
  }
  if (session.data.state && session.data.state !== "pending") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `session_id: ${session_id} is ${String(session.data.state)}; start a new payment session to pay again`
    )
  }
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { client } = piastrixOf(req.scope)
    const token = await client.h2hData({ session_id: h2hSessionId })
    res.json({
      form_token: token.form_token,
      payform_url: token.payform_url,
      session_id: h2hSessionId,
    })
  } catch (error) {
    respondToServiceError(
      error,
      res,
      logger,
      `session ${session_id}: card form`
    )
  }
}
