import {
  type MiddlewareRoute,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import { refuseUnreadyCartForPiastrix } from "./helpers/cart-readiness-guard"
import { oneSessionStartAtATime } from "./helpers/one-start-at-a-time"
import {
  rejectDottedQueryKeys,
  rejectUndecodablePath,
} from "../../request-guards"
import {
  StoreCardFormBody,
  StoreDirectionsQuery,
  StoreNoQuery,
  StoreQuoteBody,
  StoreSessionStatusQuery,
} from "./validators"

/** Every query is checked (unknown keys refused), also on routes that take none. */
const query = (
  schema:
    | typeof StoreDirectionsQuery
    | typeof StoreSessionStatusQuery
    | typeof StoreNoQuery
) => [rejectDottedQueryKeys, validateAndTransformQuery(schema, {})]

/** Validation of the storefront routes under /store/piastrix, and the cart check before a Piastrix payment starts. */
export const storePiastrixMiddlewares: MiddlewareRoute[] = [
  {
    // Medusa's route that starts every payment: no Piastrix payment for a cart that cannot become an order,
    // and one start of a collection at a time.
    matcher: "/store/payment-collections/:id/payment-sessions",
    methods: ["POST"],
    middlewares: [refuseUnreadyCartForPiastrix, oneSessionStartAtATime],
  },
  {
    // No methods: mounted as a prefix, ahead of the routes whose `:id` Express would fail to decode.
    matcher: "/store/piastrix/sessions",
    middlewares: [rejectUndecodablePath],
  },
  {
    matcher: "/store/piastrix/directions",
    methods: ["GET"],
    middlewares: query(StoreDirectionsQuery),
  },
  {
    matcher: "/store/piastrix/quote",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [
      ...query(StoreNoQuery),
      validateAndTransformBody(StoreQuoteBody),
    ],
  },
  {
    matcher: "/store/piastrix/card-form",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [
      ...query(StoreNoQuery),
      validateAndTransformBody(StoreCardFormBody),
    ],
  },
  {
    matcher: "/store/piastrix/sessions/:id/receipt",
    methods: ["POST"],
    // The receipt is streamed by the route itself (type and size checked as it arrives).
    bodyParser: false,
    middlewares: query(StoreNoQuery),
  },
  {
    matcher: "/store/piastrix/sessions/:id/status",
    methods: ["GET"],
    middlewares: query(StoreSessionStatusQuery),
  },
  ...["requisites", "receipt-status"].map((path): MiddlewareRoute => ({
    matcher: `/store/piastrix/sessions/:id/${path}`,
    methods: ["GET"],
    middlewares: query(StoreNoQuery),
  })),
]
