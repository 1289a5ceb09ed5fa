import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { isPiastrixProviderId } from "../../lib/plugin"
import { receivePiastrixCallback } from "./receive-callback"

/**
 * Medusa's own route `/hooks/payment/<provider>` answers 200 to any body and queues it on the event
 * bus before a provider looks at it; with Redis, every forgery became a kept job of up to 100 KB. For
 * the plugin's providers (`piastrix_piastrix`, `piastrix-wallet_piastrix`, ...) this middleware answers
 * instead, exactly as `/hooks/piastrix` does: a forgery gets 400 and nothing is queued or recorded, a
 * verified notification is recorded in the inbox and announced to the plugin's subscriber. Other
 * providers' webhooks go on to Medusa's route untouched. Medusa 2.21 also takes the whole provider id
 * (`pp_piastrix_piastrix`) there, 2.18 only the part after `pp_`: both forms are answered here, on
 * either version.
 */
export async function answerPiastrixOnPaymentRoute(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const provider = req.params?.provider ?? req.path.split("/").pop() ?? ""
  if (
    !isPiastrixProviderId(
      provider.startsWith("pp_") ? provider : `pp_${provider}`
    )
  ) {
    return next()
  }
  try {
    await receivePiastrixCallback(req, res)
  } catch (error) {
    next(error)
  }
}
