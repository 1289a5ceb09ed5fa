import { type MiddlewareRoute, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import {
  AdminCancelPayout,
  AdminCreateAdjustment,
  AdminCreatePayout,
  AdminCreateRecipient,
  AdminLedgerQuery,
  AdminPageQuery,
  AdminPayoutsQuery,
  AdminRecipientProducts,
  AdminUpdateRecipient,
} from "./payout-validators"
import { AdminEmptyBody, AdminNoQuery } from "./validators"

const noQuery = validateAndTransformQuery(AdminNoQuery, {})

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
  { matcher: "/admin/piastrix/recipients/:id/products", methods: ["GET"], middlewares: [noQuery] },
  {
    matcher: "/admin/piastrix/recipients/:id/products",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminRecipientProducts)],
  },
  {
    matcher: "/admin/piastrix/recipients/:id/adjustments",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminCreateAdjustment)],
  },
  { matcher: "/admin/piastrix/payouts", methods: ["GET"], middlewares: [validateAndTransformQuery(AdminPayoutsQuery, {})] },
  { matcher: "/admin/piastrix/payouts", methods: ["POST"], middlewares: [noQuery, validateAndTransformBody(AdminCreatePayout)] },
  { matcher: "/admin/piastrix/payouts/:id", methods: ["GET"], middlewares: [noQuery] },
  ...["approve", "retry"].map((action) => ({
    matcher: `/admin/piastrix/payouts/:id/${action}`,
    methods: ["POST" as const],
    middlewares: [noQuery, validateAndTransformBody(AdminEmptyBody)],
  })),
  {
    matcher: "/admin/piastrix/payouts/:id/cancel",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminCancelPayout)],
  },
]
