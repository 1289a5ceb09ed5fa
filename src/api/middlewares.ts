import { defineMiddlewares } from "@medusajs/framework/http"
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
    ...storePiastrixMiddlewares,
    ...adminPiastrixMiddlewares,
  ],
})
