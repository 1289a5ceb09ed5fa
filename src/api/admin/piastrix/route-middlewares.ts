import { type MiddlewareRoute, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import {
  AdminCancelPayout,
  AdminCreatePayout,
  AdminCreateRecipient,
  AdminLedgerQuery,
  AdminNoBody,
  AdminPageQuery,
  AdminPayoutsQuery,
  AdminUpdateRecipient,
} from "./validators"

const noQuery = validateAndTransformQuery(AdminNoBody, {})

/** Validation of the admin payout routes under /admin/piastrix (recipients, ledger, payouts). */
export const adminPayoutMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/piastrix/recipients", methods: ["GET"], middlewares: [validateAndTransformQuery(AdminPageQuery, {})] },
  {
    matcher: "/admin/piastrix/recipients",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminCreateRecipient)],
  },
  { matcher: "/admin/piastrix/recipients/:id", methods: ["GET"], middlewares: [noQuery] },
  {
    matcher: "/admin/piastrix/recipients/:id",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminUpdateRecipient)],
  },
  {
    matcher: "/admin/piastrix/recipients/:id/ledger",
    methods: ["GET"],
    middlewares: [validateAndTransformQuery(AdminLedgerQuery, {})],
  },
  { matcher: "/admin/piastrix/payouts", methods: ["GET"], middlewares: [validateAndTransformQuery(AdminPayoutsQuery, {})] },
  { matcher: "/admin/piastrix/payouts", methods: ["POST"], middlewares: [noQuery, validateAndTransformBody(AdminCreatePayout)] },
  { matcher: "/admin/piastrix/payouts/:id", methods: ["GET"], middlewares: [noQuery] },
  {
    matcher: "/admin/piastrix/payouts/:id/approve",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminNoBody)],
  },
  {
    matcher: "/admin/piastrix/payouts/:id/cancel",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminCancelPayout)],
  },
]
