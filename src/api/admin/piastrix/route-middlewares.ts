import {
  type MiddlewareRoute,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import {
  AdminCancelPayout,
  AdminCheckAccount,
  AdminCreateAdjustment,
  AdminCreatePayout,
  AdminCreateRecipient,
  AdminLedgerQuery,
  AdminPageQuery,
  AdminPayoutsQuery,
  AdminQuotePayout,
  AdminRecipientProducts,
  AdminStatementQuery,
  AdminUpdateRecipient,
} from "./payout-validators"
import {
  AdminConnectionTestBody,
  AdminEmptyBody,
  AdminNoQuery,
  AdminNotificationsQuery,
  AdminResolveNotificationBody,
  AdminSaveSettingsBody,
} from "./validators"
import {
  rejectDottedQueryKeys,
  rejectUndecodablePath,
} from "../../request-guards"

const noQuery = validateAndTransformQuery(AdminNoQuery, {})

/**
 * Validation of every admin route under /admin/piastrix (Medusa authenticates every /admin route): settings,
 * the service's balances and directions, the inbox, an order's payments, and payouts (recipients, ledger,
 * payouts). A body or query with a key a route does not take is refused with 400 naming it.
 */
export const adminPiastrixMiddlewares: MiddlewareRoute[] = [
  {
    // No methods: mounted as a prefix, ahead of every route below, whose `:id` Express would fail to decode
    // and whose dotted query keys Medusa's query validator would answer with a 500.
    matcher: "/admin/piastrix",
    middlewares: [rejectUndecodablePath, rejectDottedQueryKeys],
  },
  ...[
    "/admin/piastrix/settings",
    "/admin/piastrix/balances",
    "/admin/piastrix/directions",
  ].map((matcher): MiddlewareRoute => ({
    matcher,
    methods: ["GET"],
    middlewares: [noQuery],
  })),
  {
    matcher: "/admin/piastrix/settings",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminSaveSettingsBody)],
  },
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
  {
    matcher: "/admin/piastrix/orders/:id/payments",
    methods: ["GET"],
    middlewares: [noQuery],
  },
  {
    matcher: "/admin/piastrix/orders/:id/payments/:session_id/bank-transfer",
    methods: ["GET"],
    middlewares: [noQuery],
  },
  {
    matcher: "/admin/piastrix/orders/:id/payments/:session_id/check",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminEmptyBody)],
  },
  {
    matcher: "/admin/piastrix/notifications/:id/refund",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminEmptyBody)],
  },
  {
    matcher: "/admin/piastrix/notifications/:id/retry",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminEmptyBody)],
  },
  {
    matcher: "/admin/piastrix/notifications/:id/resolve",
    methods: ["POST"],
    middlewares: [
      noQuery,
      validateAndTransformBody(AdminResolveNotificationBody),
    ],
  },
  // Payouts: recipients, their products and ledger, payouts.
  {
    matcher: "/admin/piastrix/recipients",
    methods: ["GET"],
    middlewares: [validateAndTransformQuery(AdminPageQuery, {})],
  },
  {
    matcher: "/admin/piastrix/recipients",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminCreateRecipient)],
  },
  {
    matcher: "/admin/piastrix/recipients/:id",
    methods: ["GET"],
    middlewares: [noQuery],
  },
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
  {
    matcher: "/admin/piastrix/recipients/:id/check-account",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminCheckAccount)],
  },
  {
    matcher: "/admin/piastrix/recipients/:id/statement",
    methods: ["GET"],
    middlewares: [validateAndTransformQuery(AdminStatementQuery, {})],
  },
  {
    matcher: "/admin/piastrix/recipients/:id/products",
    methods: ["GET"],
    middlewares: [noQuery],
  },
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
  {
    matcher: "/admin/piastrix/payouts",
    methods: ["GET"],
    middlewares: [validateAndTransformQuery(AdminPayoutsQuery, {})],
  },
  {
    matcher: "/admin/piastrix/payouts",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminCreatePayout)],
  },
  {
    matcher: "/admin/piastrix/payouts/quote",
    methods: ["POST"],
    middlewares: [noQuery, validateAndTransformBody(AdminQuotePayout)],
  },
  {
    matcher: "/admin/piastrix/payouts/:id",
    methods: ["GET"],
    middlewares: [noQuery],
  },
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
