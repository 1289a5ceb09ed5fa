import { type MiddlewareRoute, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminConnectionTestBody, AdminEmptyBody, AdminNoQuery, AdminNotificationsQuery } from "./validators"

const noQuery = validateAndTransformQuery(AdminNoQuery, {})

/** Validation of the admin routes under /admin/piastrix (Medusa authenticates every /admin route). */
export const adminPiastrixMiddlewares: MiddlewareRoute[] = [
  ...["/admin/piastrix/settings", "/admin/piastrix/balances", "/admin/piastrix/directions"].map(
    (matcher): MiddlewareRoute => ({ matcher, methods: ["GET"], middlewares: [noQuery] })
  ),
  {
    matcher: "/admin/piastrix/connection-test",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminConnectionTestBody)],
  },
  {
    matcher: "/admin/piastrix/notifications",
    methods: ["GET"],
    middlewares: [validateAndTransformQuery(AdminNotificationsQuery, {})],
  },
  { matcher: "/admin/piastrix/orders/:id/payments", methods: ["GET"], middlewares: [noQuery] },
  {
    matcher: "/admin/piastrix/orders/:id/payments/:session_id/check",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminEmptyBody)],
  },
  {
    matcher: "/admin/piastrix/notifications/:id/retry",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminEmptyBody)],
  },
]
