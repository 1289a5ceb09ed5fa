import { defineMiddlewares } from "@medusajs/framework/http"
import { answerPiastrixOnPaymentRoute } from "./hooks/payment-route-guard"
import { adminPiastrixMiddlewares } from "./admin/piastrix/route-middlewares"
import { storePiastrixMiddlewares } from "./store/piastrix/route-middlewares"

/**
 * Validation of every body and query of the plugin's routes (zod), and the raw body the callback
 * route verifies signatures against.
 */
export default defineMiddlewares({
  routes: [
    {
      // The service signs the values as sent: keep the exact bytes (a JSON 1.00 must stay "1.00").
      matcher: "/hooks/piastrix",
      method: ["POST"],
      bodyParser: { preserveRawBody: true, sizeLimit: "64kb" },
      middlewares: [],
    },
    {
      // Medusa's own webhook route, for the plugin's providers: verified before anything is queued.
      // Its body parser stays Medusa's (raw body kept, other providers' webhooks unchanged); the
      // verifier refuses a body over 64 KB itself.
      matcher: "/hooks/payment/:provider",
      method: ["POST"],
      middlewares: [answerPiastrixOnPaymentRoute],
    },
    ...storePiastrixMiddlewares,
    ...adminPiastrixMiddlewares,
  ],
})
