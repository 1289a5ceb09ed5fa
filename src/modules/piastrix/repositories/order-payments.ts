import {
  KIND_LABELS,
  kindOfProviderId,
  type PaymentKind,
} from "../../../lib/plugin/identity"
import { maskAccount } from "../../../lib/plugin/mask"
import { NOTIFICATION_TABLE } from "./inbox"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import {
  PAYMENT_REGISTER_TABLE,
  type RegisteredPayment,
} from "./payment-register"
import { REFUND_REGISTER_TABLE, type RefundState } from "./refund-register"
import { readSessionData } from "../../../lib/plugin/session-data"
import type { OrderPaymentView } from "../../../types/admin-responses"

export type { OrderPaymentView } from "../../../types/admin-responses"

/** What the order's payment sessions look like to Query (order -> payment_collections -> payment_sessions). */
export type OrderSessionInput = {
  id: string
  provider_id: string
  data: unknown
  payments?: Array<{
    captured_at?: unknown
    captures?: unknown[] | null
    /** The payment's own data: Medusa keeps what a capture or a refund returns there, not on the session. */
    data?: unknown
  } | null> | null
}

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString()

/** The views of an order's Piastrix sessions (other providers' sessions are left out). */
export async function orderPaymentViews(
  db: SqlConnection,
  sessions: OrderSessionInput[]
): Promise<OrderPaymentView[]> {
  const ours = sessions
    .map((session) => ({
      session,
      kind: kindOfProviderId(session.provider_id),
      data: readSessionData(session.data),
    }))
    .filter((s): s is typeof s & { kind: PaymentKind } => !!s.kind)
  if (!ours.length) {
    return []
  }
  const orderIds = ours.map((s) => s.data?.shop_order_id ?? s.session.id)
  const [{ rows: notifications }, { rows: refunds }, { rows: register }] =
    await Promise.all([
      db.raw(
        `select id, shop_order_id, status, state, attempts, last_error, processed_at, created_at
         from ${NOTIFICATION_TABLE} where shop_order_id = any(?) and deleted_at is null order by created_at`,
        [orderIds]
      ),
      db.raw(
        `select refund_id, shop_order_id, amount, state, transfer_id, last_error, updated_at
         from ${REFUND_REGISTER_TABLE} where shop_order_id = any(?) and deleted_at is null order by created_at`,
        [orderIds]
      ),
      db.raw(
        `select shop_order_id, state from ${PAYMENT_REGISTER_TABLE} where shop_order_id = any(?) and deleted_at is null`,
        [orderIds]
      ),
    ])

  return ours.map(({ session, kind, data }) => {
    const shopOrderId = data?.shop_order_id ?? session.id
    const captured = (session.payments ?? []).some(
      (p) => !!p?.captured_at || (p?.captures?.length ?? 0) > 0
    )
    // Medusa stores what the provider's refund returns (a manual refund's entry, a sent transfer) on the
    // payment, which starts as a copy of the session's data: the payment's list is the whole one.
    const paid = (session.payments ?? [])
      .map((p) => readSessionData(p?.data))
      .find((d) => !!d)
    const recorded = paid?.refunds ?? data?.refunds ?? []
    // Register rows whose transfer is not (yet) recorded on the session: sending, unknown, mismatch...
    const open = (
      refunds as Array<{
        refund_id: string
        shop_order_id: string
        amount: string
        state: RefundState
        transfer_id: string | null
        last_error: string | null
        updated_at: Date | string
      }>
    )
      .filter(
        (r) =>
          r.shop_order_id === shopOrderId &&
          !recorded.some((e) => e.refund_id === r.refund_id)
      )
      .filter((r) => r.state !== "void")
    const registered = (
      register as Array<Pick<RegisteredPayment, "shop_order_id" | "state">>
    ).find((r) => r.shop_order_id === shopOrderId)
    return {
      session_id: session.id,
      shop_order_id: shopOrderId,
      kind,
      kind_label: KIND_LABELS[kind],
      payway: data?.payway || null,
      payment_id: data?.payment_id ?? null,
      state: data?.state ?? "unknown",
      service_status: data?.service_status ?? null,
      notice: data?.notice ?? null,
      failure: data?.failure?.reason ?? null,
      amount: data?.amount ?? "",
      currency_code: data?.currency_code ?? "",
      payer_account: maskAccount(data?.payer_account),
      captured,
      open_at_service:
        !captured &&
        !!registered &&
        ["opened", "created"].includes(registered.state),
      refunds: [
        ...recorded.map((r) => ({
          refund_id: r.refund_id,
          amount: r.amount,
          mode: r.mode,
          state: r.state,
          transfer_id: r.transfer_id,
          at: r.at,
          reason: null,
        })),
        ...open.map((r) => ({
          refund_id: r.refund_id,
          amount: r.amount,
          mode: "transfer" as const,
          state: r.state,
          transfer_id: r.transfer_id,
          at: iso(r.updated_at),
          reason: r.last_error,
        })),
      ],
      notifications: (notifications as Array<Record<string, any>>)
        .filter((n) => n.shop_order_id === shopOrderId)
        .map((n) => ({
          id: n.id,
          status: n.status,
          state: n.state,
          received_at: iso(n.created_at)!,
          processed_at: iso(n.processed_at),
          attempts: n.attempts,
          last_error: n.last_error,
        })),
    }
  })
}
