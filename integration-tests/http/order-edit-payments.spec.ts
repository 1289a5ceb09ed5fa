import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { reconcilePiastrix } from "../../src/jobs/reconcile-piastrix"
import { adminHeaders } from "../helpers/admin-api"
import {
  holdCallbacks,
  postCallback,
  sandboxControl,
  sandboxNotifications,
  settledRow,
  waitFor,
} from "../helpers/callbacks"
import {
  editOrderAddingItem,
  storeOrder,
  unpaidCollection,
} from "../helpers/order-edits"
import { payBankTransfer, payByCard, payOnPaymentPage } from "../helpers/payer"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  createCart,
  findOrderForCart,
  startPaymentSession,
  startSessionInCollection,
  storeHeaders,
} from "../helpers/store-api"

jest.setTimeout(180000)

const WALLET = "pp_piastrix-wallet_piastrix"
const REDIRECT = "pp_piastrix_piastrix"
const CARD = "pp_piastrix-card_piastrix"
const BANK_TRANSFER = "pp_piastrix-bank-transfer_piastrix"
const PAYER_WALLET = "201494711279"

/**
 * Paying for an order that changed: an order edit adds an item, Medusa leaves the difference in a new
 * payment collection of the order (no cart), and the customer pays it through the store API with a
 * Piastrix session in that collection. The callback (or the reconcile job) captures the payment on
 * the order and never places another order.
 */
piastrixIntegrationRunner(({ api, getContainer, sandbox, seed }) => {
  let admin: { headers: Record<string, string> }

  beforeEach(async () => {
    admin = await adminHeaders(getContainer())
  })

  afterEach(async () => {
    await sandboxControl(sandbox(), "DELETE", "faults")
  })

  /** An order of one e-book (1250.50 RUB) paid with the wallet, then edited to add stickers (150 RUB). */
  async function editedOrder() {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, WALLET)
    await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
    const placed = await waitFor(async () => {
      const order = await findOrderForCart(getContainer(), cart.id)
      return order?.payment_state === "captured" ? order : null
    })
    await editOrderAddingItem(api, seed(), admin, placed.id)
    const order = await storeOrder(api, seed(), placed.id)
    expect(order.summary.pending_difference).toBe(150)
    return { order, collection: unpaidCollection(order), firstSession: session }
  }

  /** Starts a session in the order's collection, as "pay for this order" in a storefront does. */
  async function startInOrder(
    collectionId: string,
    providerId: string,
    data: Record<string, unknown> = {}
  ) {
    const { session } = await startSessionInCollection(
      api,
      seed(),
      collectionId,
      providerId,
      data
    )
    return session
  }

  async function orderCount() {
    const [, count] = await getContainer()
      .resolve(Modules.ORDER)
      .listAndCountOrders({}, { select: ["id"] })
    return count
  }

  /** The payments of the order's collection `collectionId`, with their captures. */
  async function collectionPayments(collectionId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_collection",
      fields: [
        "id",
        "status",
        "payments.id",
        "payments.amount",
        "payments.captured_at",
        "payments.captures.id",
      ],
      filters: { id: collectionId },
    })
    return data[0] as any
  }

  async function expectPaidInFull(
    orderId: string,
    collectionId: string,
    sessionId: string
  ) {
    const after = await storeOrder(api, seed(), orderId)
    expect(after.summary.pending_difference).toBe(0)
    const collection = await collectionPayments(collectionId)
    expect(collection.status).toBe("completed")
    expect(collection.payments).toHaveLength(1)
    expect(Number(collection.payments[0].amount)).toBe(150)
    expect(collection.payments[0].captured_at).toBeTruthy()
    expect(collection.payments[0].captures).toHaveLength(1)
    // One order: the callback completed no cart and placed nothing new.
    expect(await orderCount()).toBe(1)

    const { data } = await api.get(
      `/admin/piastrix/orders/${orderId}/payments`,
      admin
    )
    expect(data.payments).toHaveLength(2)
    expect(data.payments.find((p: any) => p.session_id === sessionId)).toEqual(
      expect.objectContaining({
        state: "paid",
        captured: true,
        amount: "150.00",
        currency_code: "rub",
        notifications: [
          expect.objectContaining({ status: "success", state: "processed" }),
        ],
      })
    )
  }

  it("wallet: the customer pays an order edit's difference and the callback captures it on the order", async () => {
    const { order, collection } = await editedOrder()
    expect(await orderCount()).toBe(1)

    await holdCallbacks(sandbox())
    const session = await startInOrder(collection.id, WALLET)
    expect(session.data).toEqual(
      expect.objectContaining({
        kind: "wallet",
        amount: "150.00",
        state: "pending",
      })
    )
    const paid = await payOnPaymentPage(session.data, {
      payerAccount: PAYER_WALLET,
    })
    expect(paid.status).toBe(303)

    // The service's callback, delivered the way it would arrive.
    const [notification] = await sandboxNotifications(sandbox(), session.id)
    expect(await postCallback(api, notification.fields)).toEqual({
      status: 200,
      body: "OK",
    })
    await settledRow(getContainer(), session.id, "processed")
    await expectPaidInFull(order.id, collection.id, session.id)
    // The return page's poll: paid, and no cart to complete (the order exists already).
    const { data: status } = await api.get(
      `/store/piastrix/sessions/${session.id}/status`,
      storeHeaders(seed())
    )
    expect(status).toEqual(
      expect.objectContaining({ state: "paid", order_placed: true })
    )

    // A resend changes nothing: still one capture, one order.
    expect(await postCallback(api, notification.fields)).toEqual({
      status: 200,
      body: "OK",
    })
    await expectPaidInFull(order.id, collection.id, session.id)

    // A stale "pay for this order" page cannot open a second payment for the paid difference.
    await expect(startInOrder(collection.id, WALLET)).rejects.toThrow(
      `400 {"type":"invalid_data","message":"id: payment collection ${collection.id} is completed: nothing is left to pay"}`
    )
    await expectPaidInFull(order.id, collection.id, session.id)
  })

  it("redirect by card: started with the provider alone (the order's e-mail is used), paid on Piastrix's page", async () => {
    const { order, collection } = await editedOrder()
    const session = await startInOrder(collection.id, REDIRECT, {
      payway: "card_rub",
    })
    expect(session.data.next_action).toEqual(
      expect.objectContaining({ type: "redirect" })
    )
    await payOnPaymentPage(session.data)
    await settledRow(getContainer(), session.id, "processed")
    await expectPaidInFull(order.id, collection.id, session.id)
  })

  it("a rejected payment leaves the difference to pay, and a new session in the same collection pays it", async () => {
    const { order, collection } = await editedOrder()
    const rejected = await startInOrder(collection.id, REDIRECT, {
      payway: "card_rub",
    })
    await payOnPaymentPage(rejected.data, { fail: true })
    const status = await waitFor(async () => {
      const { data } = await api.get(
        `/store/piastrix/sessions/${rejected.id}/status`,
        storeHeaders(seed())
      )
      return data.status === "error" ? data : null
    })
    expect(status.state).toBe("failed")
    expect(
      (await storeOrder(api, seed(), order.id)).summary.pending_difference
    ).toBe(150)

    const session = await startInOrder(collection.id, WALLET)
    await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
    await settledRow(getContainer(), session.id, "processed")
    await expectPaidInFull(order.id, collection.id, session.id)
  })

  it("card host-to-host: the card form posted straight to the service pays the difference", async () => {
    const { order, collection } = await editedOrder()
    const session = await startInOrder(collection.id, CARD)
    expect(session.data.next_action).toEqual(
      expect.objectContaining({ type: "card_form" })
    )
    await payByCard(api, seed(), session.id)
    await settledRow(getContainer(), session.id, "processed")
    await expectPaidInFull(order.id, collection.id, session.id)
  })

  it("bank transfer: the requisites are paid and the arriving transfer is captured on the order, no cart to complete", async () => {
    const { order, collection } = await editedOrder()
    const session = await startInOrder(collection.id, BANK_TRANSFER, {
      payway: "h2h_sbp_rub",
    })
    expect(session.data.next_action).toEqual({ type: "bank_transfer" })
    await payBankTransfer(sandbox(), session.id)
    await settledRow(getContainer(), session.id, "processed")
    await expectPaidInFull(order.id, collection.id, session.id)
  })

  it("reconcile: a lost callback's payment is found at the service and captured on the order", async () => {
    const { order, collection } = await editedOrder()
    const session = await startInOrder(collection.id, WALLET)
    await holdCallbacks(sandbox())
    await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })

    const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    await db.raw(
      `update piastrix_payment set next_check_at = now() where shop_order_id = ?`,
      [session.id]
    )
    const run = await reconcilePiastrix(getContainer())
    expect(run.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          session_id: session.id,
          outcome: "captured",
          order_id: order.id,
        }),
      ])
    )
    const after = await storeOrder(api, seed(), order.id)
    expect(after.summary.pending_difference).toBe(0)
    const paidCollection = await collectionPayments(collection.id)
    expect(paidCollection.payments[0].captures).toHaveLength(1)
    expect(await orderCount()).toBe(1)
  })
})
