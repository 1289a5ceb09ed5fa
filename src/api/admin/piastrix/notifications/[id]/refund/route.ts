import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { defaultCurrencyTable } from "../../../../../../lib/piastrix"
import {
  claimForRefund,
  inboxRefundOf,
  inboxRefundTarget,
  markRefunded,
  maskAccount,
  refundTransferContext,
  releaseRefundClaim,
  sendRefundTransfer,
  type RefundRow,
  type SqlConnection,
} from "../../../../../../lib/plugin"
import { PIASTRIX_MODULE } from "../../../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../../../modules/piastrix/service"
import { findCartAndOrder } from "../../../../../../workflows/piastrix-notification/utils/find-order"

const notAllowed = (message: string) =>
  new MedusaError(MedusaError.Types.NOT_ALLOWED, message)

/** The refund as the admin shows it: the payer's wallet masked, the currency by its code. */
function refundView(row: RefundRow) {
  return {
    state: row.state,
    amount: row.amount,
    currency_code:
      defaultCurrencyTable.alphaOf(row.currency) ?? String(row.currency),
    payee: maskAccount(row.payee),
    transfer_id: row.transfer_id,
    shop_payment_id: row.shop_payment_id,
  }
}

/**
 * "Refund": money that arrived for a wallet payment whose cart could not become an order goes back to the
 * payer's wallet, once (lib/plugin/inbox-refund.ts). Asked again after it was sent, it answers the same
 * refund. Refused with 400 naming why for other kinds (the service has no refund for them), a row that
 * does not need a person, an order placed after all, or a store whose refund policy is not "transfer";
 * 409 while the row is being refunded or retried elsewhere.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const db = req.scope.resolve<SqlConnection>(
    ContainerRegistrationKeys.PG_CONNECTION
  )
  const [row] = await piastrix.listPiastrixNotifications({ id: req.params.id })
  if (!row) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Piastrix notification with id: ${req.params.id} was not found`
    )
  }
  const answer = async (refund: RefundRow) => {
    const [after] = await piastrix.listPiastrixNotifications({ id: row.id })
    // As the inbox shows a row: never the whole payload (the payer's account is in it).
    const {
      fields: _fields,
      dedupe_key: _key,
      claimed_until: _claim,
      ...notification
    } = after
    res.json({ notification, refund: refundView(refund) })
  }
  const earlier = await inboxRefundOf(db, row.id)
  if (earlier?.state === "sent") {
    return answer(earlier)
  }
  if (row.status !== "success") {
    throw notAllowed(
      `id: the notification says ${row.status}; only a paid payment (success) can be refunded`
    )
  }
  if (row.state !== "needs_attention") {
    throw notAllowed(
      `id: the notification is ${row.state}; only money that needs attention can be refunded from the inbox`
    )
  }
  const target = await inboxRefundTarget(db, row)
  if (target.refunded_elsewhere.length) {
    throw notAllowed(
      `id: this payment already went back to the payer by another refund (${target.refunded_elsewhere.join(", ")}); ` +
        "nothing is sent twice: mark the row resolved"
    )
  }
  if (!target.refundable) {
    throw notAllowed(
      "id: Piastrix has no refund for this kind of payment (only wallet payments are sent back): " +
        "refund the payer outside Medusa, then mark the row resolved"
    )
  }
  const { refunds } = await piastrix.effectiveOptions()
  if (refunds.wallet !== "transfer") {
    throw notAllowed(
      `id: refunds of wallet payments are "${refunds.wallet}" in this store (refunds.wallet); ` +
        "refund the payer from the Piastrix dashboard, then mark the row resolved"
    )
  }
  for (const collection of target.payment_collection_ids) {
    const { order } = await findCartAndOrder(req.scope, collection)
    if (order) {
      throw notAllowed(
        `id: order ${order.id} was placed with this payment; refund it from the order`
      )
    }
  }
  if (!(await claimForRefund(db, row.id))) {
    // Said directly: Medusa answers its CONFLICT errors with a generic text about idempotency keys.
    res.status(409).json({
      type: "conflict",
      message:
        "id: the notification is being refunded or processed right now; try again in a minute",
    })
    return
  }
  let sent: RefundRow
  try {
    sent = await sendRefundTransfer(
      refundTransferContext(db, {
        client: piastrix.getClient(),
        guard: piastrix.getPollingGuard(),
        logger: req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER),
      }),
      target.transfer
    )
  } catch (error) {
    await releaseRefundClaim(db, row.id)
    throw error
  }
  const view = refundView(sent)
  await markRefunded(
    db,
    row.id,
    `Refunded ${view.amount} ${view.currency_code} to wallet ${view.payee}: Piastrix transfer ${view.transfer_id} (${view.shop_payment_id})`,
    req.auth_context?.actor_id ?? null
  )
  return answer(sent)
}
