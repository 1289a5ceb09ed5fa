import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import { adminPayoutMiddlewares } from "./admin/piastrix/route-middlewares"
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
    ...storePiastrixMiddlewares,
    ...adminPayoutMiddlewares,
    {
      matcher: "/admin/piastrix/notifications/:id/retry",
      methods: ["POST"],
      middlewares: [validateAndTransformQuery(z.object({}), {}), validateAndTransformBody(z.object({}))],
    },
  ],
})
