import axios, { type AxiosInstance } from "axios"
import { startSandbox, type RunningSandbox } from "../../sandbox/src"
import {
  holdCallbacks,
  postCallback,
  sandboxControl,
  sandboxNotifications,
  waitFor,
} from "../helpers/callbacks"
import { startMedusaStore, type MedusaStore } from "../helpers/medusa-process"
import {
  ledgerBalances,
  type SqlDatabase,
} from "../../src/modules/piastrix/repositories/ledger"
import {
  expectEachPayoutMadeOnce,
  payoutsAtService,
  walletVendorsWithPayouts,
} from "../helpers/payouts"
import { holdTable } from "../helpers/db-hold"
import { expectFaultsFired } from "../helpers/faults"
import { scanLogLines } from "../helpers/log-scan"
import { TEST_SECRET, TEST_SHOP_ID } from "../helpers/runner"
import {
  completeCart,
  createCart,
  startPaymentSession,
} from "../helpers/store-api"

jest.setTimeout(600_000)

/**
 * The bad day: Medusa is killed (SIGKILL, no shutdown) while it turns paid callbacks into orders,
 * and started again. Afterwards every paid cart has exactly one order with its payment captured once,
 * the orders a killed completion left linked to nothing are only those (the job cancels them), and
 * nothing paid is lost. Recovery is the reconcile job's, on its own schedule (a minute), after the
 * dead instance's claims expire. The same for a
 * payout: killed while the service holds the reply to its create, it is settled after the restart by
 * the status endpoint with the same shop_payment_id, never created twice.
 */
const PAYMENTS = 24
const REDIRECT = "pp_piastrix_piastrix"

let sandbox: RunningSandbox
let store: MedusaStore

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    shopId: TEST_SHOP_ID,
    secret: TEST_SECRET,
  })
  store = await startMedusaStore({
    env: {
      PIASTRIX_SHOP_ID: String(TEST_SHOP_ID),
      PIASTRIX_SECRET_KEY: TEST_SECRET,
      PIASTRIX_API_URL: sandbox.url,
      PIASTRIX_H2H_URL: sandbox.url,
      // Every line at info and above reaches the output, which the last test scans for secrets.
      LOG_LEVEL: "info",
    },
  })
  await store.start()
})

afterAll(async () => {
  await store?.close()
  await sandbox?.close()
})

type Paid = { cartId: string; sessionId: string }

/** Orders linked to no cart: what a completion interrupted between making the order and linking it leaves. */
const unlinkedOrders = `select o.id from "order" o
    where o.deleted_at is null and o.is_draft_order = false
      and not exists (select 1 from order_cart oc where oc.order_id = o.id and oc.deleted_at is null)`

/**
 * Line items of `orderIds` whose variant manages inventory (the dev seed's do), and those of them with no
 * live stock reservation (Medusa's completion reserves each before it authorizes the payment).
 */
async function reservationsOf(orderIds: string[]) {
  const items = await store.sql<{ id: string; reserved: boolean }>(
    `select li.id,
            exists (select 1 from reservation_item r
                     where r.line_item_id = li.id and r.deleted_at is null) as reserved
       from order_item oi
       join order_line_item li on li.id = oi.item_id and li.deleted_at is null
       join product_variant v on v.id = li.variant_id and v.manage_inventory
      where oi.order_id = any($1) and oi.deleted_at is null`,
    [orderIds]
  )
  return {
    managed: items.length,
    unreserved: items.filter((i) => !i.reserved).map((i) => i.id),
  }
}

/** A cart's payments, their captures and refunds, and the captures the order `orderId` records. */
async function moneyOfOrder(cartId: string, orderId: string) {
  const [row] = await store.sql<{
    payments: number
    captures: number
    refunds: number
    order_captures: number
  }>(
    `select (select count(*)::int from payment p where p.payment_collection_id = cpc.payment_collection_id) as payments,
            (select count(*)::int from capture c join payment p on p.id = c.payment_id
              where p.payment_collection_id = cpc.payment_collection_id) as captures,
            (select count(*)::int from refund r join payment p on p.id = r.payment_id
              where p.payment_collection_id = cpc.payment_collection_id) as refunds,
            (select count(*)::int from order_transaction t
              where t.order_id = $2 and t.reference = 'capture' and t.deleted_at is null) as order_captures
       from cart_payment_collection cpc where cpc.cart_id = $1`,
    [cartId, orderId]
  )
  return row
}

async function ordersOfCart(cartId: string) {
  return store.sql(
    `select o.id, p.captured_at
       from order_cart oc
       join "order" o on o.id = oc.order_id and o.deleted_at is null
       left join order_payment_collection opc on opc.order_id = o.id and opc.deleted_at is null
       left join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
      where oc.cart_id = $1 and oc.deleted_at is null`,
    [cartId]
  )
}

it(`places exactly one captured order per paid cart after Medusa is killed while processing ${PAYMENTS} callbacks`, async () => {
  const api = axios.create({ baseURL: store.url })
  const paid: Paid[] = []
  await holdCallbacks(sandbox)
  for (let i = 0; i < PAYMENTS; i++) {
    const cart = await createCart(api, store.seed)
    const { session } = await startPaymentSession(
      api,
      store.seed,
      cart,
      REDIRECT,
      { payway: "card_rub", email: "p@example.com" }
    )
    await sandboxControl(sandbox, "POST", `payments/${session.id}/pay`)
    paid.push({ cartId: cart.id, sessionId: session.id })
  }
  const notifications = await Promise.all(
    paid.map(async (p) => (await sandboxNotifications(sandbox, p.sessionId))[0])
  )

  // Every callback is answered OK (recorded). Processing completes each cart first and stops where Medusa
  // records the authorized payment (the test holds the `payment` table against writes), so the kill lands
  // inside it: rows claimed by the process, orders placed, nothing captured.
  const hold = await holdTable(store.databaseUrl, "payment")
  try {
    const answers = await Promise.all(
      notifications.map((n) => postCallback(api, n.fields))
    )
    expect(answers.every((a) => a.status === 200 && a.body === "OK")).toBe(true)
    const waiting = await waitFor(async () => {
      const list = await hold.waiting()
      return list.length ? list : null
    }, 60_000).catch((error) => {
      throw new Error(`${error.message}\n${store.output().slice(-4000)}`)
    })
    expect(waiting.map((w) => [w.name, w.query])).toEqual(
      waiting.map(() => [store.name, expect.stringMatching(/into "payment"/)])
    )
    await store.kill()
    // The killed process held rows: claimed (its lease still running) and not settled.
    const held = await store.sql(
      `select id from piastrix_notification
        where state in ('received', 'failed') and claimed_until > now()`
    )
    process.stdout.write(
      `at the kill: ${waiting.length} processings waiting, ${held.length} rows claimed\n`
    )
    expect(held.length).toBeGreaterThanOrEqual(waiting.length)
    // Postgres ends the dead process's backends (client_connection_check_interval): their writes never come.
    await waitFor(async () => (await hold.backendsOf(store.name)) === 0, 30_000)
  } finally {
    await hold.release()
  }
  // Killed between placing orders and capturing: some paid carts have their order, no payment exists.
  const atKill = await store.sql<{ id: string; cart: boolean }>(
    `select o.id, exists (select 1 from order_cart oc where oc.order_id = o.id) as cart from "order" o`
  )
  process.stdout.write(
    `orders at the kill: ${atKill.length}, ${atKill.filter((o) => o.cart).length} linked to their cart\n`
  )
  expect(atKill.filter((o) => o.cart).length).toBeGreaterThanOrEqual(1)
  expect(await store.sql(`select id from payment`)).toEqual([])

  await store.start()
  await waitFor(async () => {
    const open = await store.sql(
      `select 1 from piastrix_notification where state <> 'processed' limit 1`
    )
    return open.length === 0
  }, 240_000).catch(async (error) => {
    const open = await store.sql(
      `select id, shop_order_id, state, attempts, last_error from piastrix_notification where state <> 'processed'`
    )
    throw new Error(
      `${error.message}: ${JSON.stringify(open)}\n${store.output().slice(-4000)}`
    )
  })

  for (const p of paid) {
    const orders = await ordersOfCart(p.cartId)
    expect({
      cart: p.cartId,
      orders: orders.length,
      captured: orders.every((o) => o.captured_at),
    }).toEqual({
      cart: p.cartId,
      orders: 1,
      captured: true,
    })
  }
  // Each recovered order holds its stock: a reservation for every line item whose variant manages inventory.
  const recovered = await reservationsOf(
    (await Promise.all(paid.map((p) => ordersOfCart(p.cartId)))).flatMap(
      (orders) => orders.map((o) => o.id)
    )
  )
  expect(recovered.managed).toBe(PAYMENTS)
  expect(recovered.unreserved).toEqual([])
  // One payment captured once per paid cart, nothing else.
  expect(
    await store.sql(
      `select (select count(*)::int from payment) as payments, (select count(*)::int from capture) as captures`
    )
  ).toEqual([{ payments: PAYMENTS, captures: PAYMENTS }])
  // Orders left linked to no cart are only those the killed completions made (the reconcile job cancels them).
  const left = (await store.sql<{ id: string }>(unlinkedOrders)).map(
    (o) => o.id
  )
  const madeBeforeKill = new Set(atKill.map((o) => o.id))
  expect(left.filter((id) => !madeBeforeKill.has(id))).toEqual([])
  const inbox = await store.sql(
    `select count(*)::int as n from piastrix_notification`
  )
  expect(inbox[0].n).toBe(PAYMENTS)
})

type KilledBetweenLinks = {
  api: AxiosInstance
  cartId: string
  session: { id: string }
  notification: { fields: Record<string, string> }
  /** The cart's new order's links: to the cart, and to the cart's payment collection. */
  links(): Promise<{ to_cart: number; to_payment: number }>
}

/** A new cart with a redirect payment started, not paid yet. */
async function redirectCart() {
  const api = axios.create({ baseURL: store.url })
  const cart = await createCart(api, store.seed)
  const { session } = await startPaymentSession(
    api,
    store.seed,
    cart,
    REDIRECT,
    { payway: "card_rub", email: "p@example.com" }
  )
  return { api, cart, session }
}

/** A cart's new order's links: to the cart, and to the cart's payment collection. */
async function linksOfCart(cartId: string) {
  const [row] = await store.sql<{ to_cart: number; to_payment: number }>(
    `select (select count(*)::int from order_cart where cart_id = $1 and deleted_at is null) as to_cart,
            (select count(*)::int from order_payment_collection opc
               join cart_payment_collection cpc on cpc.payment_collection_id = opc.payment_collection_id
              where cpc.cart_id = $1 and opc.deleted_at is null) as to_payment`,
    [cartId]
  )
  return row
}

/**
 * A paid cart whose callback's completion is stopped at the insert of one of its new order's two links
 * (`table` held against writes) once the other link is made, and Medusa killed there.
 */
async function killBetweenLinks(
  table: "order_cart" | "order_payment_collection",
  made: "to_cart" | "to_payment",
  /** Also held, each until a write of the completion waits on it: the kill lands before those writes too. */
  alsoHeld: string[] = []
): Promise<KilledBetweenLinks> {
  const { api, cart, session } = await redirectCart()
  const links = () => linksOfCart(cart.id)
  const hold = await holdTable(store.databaseUrl, table)
  const others = await Promise.all(
    alsoHeld.map((t) => holdTable(store.databaseUrl, t))
  )
  try {
    await sandboxControl(sandbox, "POST", `payments/${session.id}/pay`)
    // Posted here too: the first test left the sandbox holding its notifications (a resend is one row).
    const notification = (await sandboxNotifications(sandbox, session.id))[0]
    expect(await postCallback(api, notification.fields)).toEqual({
      status: 200,
      body: "OK",
    })
    const waiting = await hold.firstWaiting(60_000)
    expect(waiting.map((w) => [w.name, w.query])).toEqual([
      [store.name, expect.stringMatching(new RegExp(`into "?${table}`))],
    ])
    await waitFor(async () => (await links())[made] === 1, 30_000)
    for (const [i, other] of others.entries()) {
      const stopped = await other.firstWaiting(60_000)
      expect(stopped.map((w) => [w.name, w.query])).toEqual([
        [
          store.name,
          expect.stringMatching(new RegExp(`into "?${alsoHeld[i]}`)),
        ],
      ])
    }
    await store.kill()
    await waitFor(async () => (await hold.backendsOf(store.name)) === 0, 30_000)
    return { api, cartId: cart.id, session, notification, links }
  } finally {
    await hold.release()
    await Promise.all(others.map((o) => o.release()))
  }
}

/**
 * Starts Medusa again, lets the dead process's claim go (the first test shows a claim lapsing by itself)
 * and posts the service's resend, which the restarted store processes at once: the row once settled.
 */
async function resendAfterRestart(killed: KilledBetweenLinks) {
  await store.start()
  await store.sql(
    `update piastrix_notification set claimed_until = now() where shop_order_id = $1`,
    [killed.session.id]
  )
  expect(await postCallback(killed.api, killed.notification.fields)).toEqual({
    status: 200,
    body: "OK",
  })
  return waitFor(async () => {
    const [r] = await store.sql<{ state: string; last_error: string | null }>(
      `select state, last_error from piastrix_notification where shop_order_id = $1`,
      [killed.session.id]
    )
    return r.state === "processed" ||
      r.state === "needs_attention" ||
      (r.state === "failed" && r.last_error)
      ? r
      : null
  }, 60_000)
}

it("places the cart's one captured order after Medusa is killed between linking its order to the payment and to the cart", async () => {
  // What the first test's killed completions left unlinked (the job cancels them after a grace).
  const unlinkedBefore = new Set(
    (await store.sql<{ id: string }>(unlinkedOrders)).map((o) => o.id)
  )
  // The completion stops at the order's link to its cart (the test holds `order_cart` against writes):
  // its link to the payment collection is made, the cart's is not, and the kill lands there.
  const killed = await killBetweenLinks("order_cart", "to_payment")
  expect(await killed.links()).toEqual({ to_cart: 0, to_payment: 1 })
  const [orphan] = await store.sql<{ id: string }>(
    `select opc.order_id as id from order_payment_collection opc
       join cart_payment_collection cpc on cpc.payment_collection_id = opc.payment_collection_id
      where cpc.cart_id = $1 and opc.deleted_at is null`,
    [killed.cartId]
  )

  expect(await resendAfterRestart(killed)).toEqual({
    state: "processed",
    last_error: null,
  })
  const orders = await ordersOfCart(killed.cartId)
  expect({
    orders: orders.length,
    captured: orders.every((o) => o.captured_at),
  }).toEqual({ orders: 1, captured: true })
  expect(orders[0].id).not.toBe(orphan.id)
  // The order the killed completion left is linked to nothing now: the reconcile job cancels it.
  expect(
    (await store.sql<{ id: string }>(unlinkedOrders)).filter(
      (o) => !unlinkedBefore.has(o.id)
    )
  ).toEqual([{ id: orphan.id }])
})

it("captures the payment of the cart's one order once, and reserves its stock, after Medusa is killed between linking the order to the cart and to the payment", async () => {
  // The callback's completion stops at the order's link to the payment collection (the test holds
  // `order_payment_collection` against writes) and at its stock reservation (`reservation_item`, made beside
  // the links): its link to the cart is made, and the kill lands there, before the session is authorized and
  // captured and before any stock is reserved.
  const killed = await killBetweenLinks("order_payment_collection", "to_cart", [
    "reservation_item",
  ])
  expect(await killed.links()).toEqual({ to_cart: 1, to_payment: 0 })
  const [placed] = await store.sql<{ id: string }>(
    `select order_id as id from order_cart where cart_id = $1 and deleted_at is null`,
    [killed.cartId]
  )
  const moneyOfCart = () => moneyOfOrder(killed.cartId, placed.id)
  // Killed before the payment was authorized: nothing taken yet, and no stock held for the order.
  expect(await moneyOfCart()).toEqual({
    payments: 0,
    captures: 0,
    refunds: 0,
    order_captures: 0,
  })
  const atKill = await reservationsOf([placed.id])
  expect(atKill.managed).toBe(1)
  expect(atKill.unreserved).toHaveLength(1)

  expect(await resendAfterRestart(killed)).toEqual({
    state: "processed",
    last_error: null,
  })
  // The order the killed completion placed is the cart's one order, its payment captured once on it.
  const orders = await ordersOfCart(killed.cartId)
  expect(orders).toEqual([{ id: placed.id, captured_at: expect.any(Date) }])
  expect(await killed.links()).toEqual({ to_cart: 1, to_payment: 1 })
  expect(await moneyOfCart()).toEqual({
    payments: 1,
    captures: 1,
    refunds: 0,
    order_captures: 1,
  })
  // The recovery reserved the order's stock, once.
  expect(await reservationsOf([placed.id])).toEqual({
    managed: 1,
    unreserved: [],
  })
  const reservationCount = async () =>
    (
      await store.sql<{ n: number }>(
        `select count(*)::int as n from reservation_item r
           join order_item oi on oi.item_id = r.line_item_id and oi.deleted_at is null
          where oi.order_id = $1 and r.deleted_at is null`,
        [placed.id]
      )
    )[0].n
  expect(await reservationCount()).toBe(1)
  // A resend changes nothing more.
  expect(await postCallback(killed.api, killed.notification.fields)).toEqual({
    status: 200,
    body: "OK",
  })
  const [again] = await store.sql<{ state: string; attempts: number }>(
    `select state, attempts from piastrix_notification where shop_order_id = $1`,
    [killed.session.id]
  )
  expect(again.state).toBe("processed")
  expect(await moneyOfCart()).toMatchObject({ payments: 1, captures: 1 })
  expect(await reservationCount()).toBe(1)
})

/**
 * Pays `session` at the service with its callback held there (the first test left the sandbox holding its
 * notifications, or, this test alone, the hold is set here); the notification the test posts itself.
 */
async function paidWithCallbackHeld(session: { id: string }) {
  const faults = await sandboxControl<Array<{ type: string }>>(
    sandbox,
    "GET",
    "faults"
  )
  if (!faults.some((f) => f.type === "out_of_order_callbacks")) {
    await holdCallbacks(sandbox)
  }
  await sandboxControl(sandbox, "POST", `payments/${session.id}/pay`)
  return (await sandboxNotifications(sandbox, session.id))[0]
}

it("leaves a completion that is still running between its order's two links alone: its order keeps its payment, captured once", async () => {
  const { api, cart, session } = await redirectCart()
  // The callback is posted by the test, once the completion is where it wants it: the first test left the
  // sandbox holding its notifications, or (this test alone) the hold is set here.
  const notification = await paidWithCallbackHeld(session)
  const links = () => linksOfCart(cart.id)
  // The payer's return page completes the cart, and the completion stops at its order's link to the cart
  // (the test holds `order_cart` against writes), its link to the payment collection made: alive, holding
  // the cart's lock, looking like a completion killed between the two links.
  const hold = await holdTable(store.databaseUrl, "order_cart")
  let completion: ReturnType<typeof completeCart> | undefined
  try {
    completion = completeCart(api, store.seed, cart.id)
    const waiting = await hold.firstWaiting(60_000)
    expect(waiting.map((w) => w.query)).toEqual([
      expect.stringMatching(/into "?order_cart/),
    ])
    await waitFor(async () => (await links()).to_payment === 1, 30_000)
    // The callback arrives meanwhile: its processing finds the order linked to the payment collection only.
    const logged = store.output().length
    expect(await postCallback(api, notification.fields)).toEqual({
      status: 200,
      body: "OK",
    })
    // Released only once the processing acted on it: it let the order go of the payment collection (as it
    // did), or it waits for the cart's lock to mend (no completion may run then).
    await waitFor(
      async () =>
        (await links()).to_payment === 0 ||
        store
          .output()
          .slice(logged)
          .includes(
            `cart ${cart.id} and the collection; mended once no completion`
          ),
      60_000
    ).catch(async (error) => {
      throw new Error(
        `${error.message}: links ${JSON.stringify(await links())}, waiting on order_cart ` +
          `${JSON.stringify(await hold.waiting())}\n${store.output().slice(logged).slice(-4000)}`
      )
    })
  } finally {
    await hold.release()
  }
  expect(await completion).toMatchObject({ status: 200 })
  const [row] = await waitFor(async () => {
    const rows = await store.sql<{ state: string; last_error: string | null }>(
      `select state, last_error from piastrix_notification where shop_order_id = $1`,
      [session.id]
    )
    return rows[0]?.state === "processed" ? rows : null
  }, 60_000)
  expect(row).toEqual({ state: "processed", last_error: null })
  // The completion's order is the cart's one order, linked to its payment collection, its payment captured once.
  expect(await links()).toEqual({ to_cart: 1, to_payment: 1 })
  expect(await ordersOfCart(cart.id)).toEqual([
    { id: expect.any(String), captured_at: expect.any(Date) },
  ])
  const [money] = await store.sql<{ payments: number; captures: number }>(
    `select (select count(*)::int from payment p where p.payment_collection_id = cpc.payment_collection_id) as payments,
            (select count(*)::int from capture c join payment p on p.id = c.payment_id
              where p.payment_collection_id = cpc.payment_collection_id) as captures
       from cart_payment_collection cpc where cpc.cart_id = $1`,
    [cart.id]
  )
  expect(money).toEqual({ payments: 1, captures: 1 })
})

it("captures the payment of an order once after Medusa is killed between placing the order and capturing it", async () => {
  const { api, cart, session } = await redirectCart()
  const notification = await paidWithCallbackHeld(session)
  const money = async () => {
    const [order] = await ordersOfCart(cart.id)
    const { refunds, ...rest } = await moneyOfOrder(cart.id, order.id)
    expect(refunds).toBe(0)
    return rest
  }
  // The payer's return page completes the cart (a status read says paid): the order is placed with the payment
  // authorized, and its capture that follows (the order.placed subscriber) stops at the capture's insert (the
  // test holds `capture` against writes). The kill lands there.
  const hold = await holdTable(store.databaseUrl, "capture")
  try {
    const completion = await completeCart(api, store.seed, cart.id)
    expect(completion.body.type).toBe("order")
    const waiting = await hold.firstWaiting(60_000)
    expect(waiting.map((w) => w.query)).toEqual([
      expect.stringMatching(/into "?capture/),
    ])
    await store.kill()
    await waitFor(async () => (await hold.backendsOf(store.name)) === 0, 30_000)
  } finally {
    await hold.release()
  }
  expect(await ordersOfCart(cart.id)).toEqual([
    { id: expect.any(String), captured_at: null },
  ])
  expect(await money()).toEqual({ payments: 1, captures: 0, order_captures: 0 })

  // The callback's processing after the restart captures it, once, on the order.
  expect(
    await resendAfterRestart({
      api,
      cartId: cart.id,
      session,
      notification,
      links: () => linksOfCart(cart.id),
    })
  ).toEqual({ state: "processed", last_error: null })
  expect(await ordersOfCart(cart.id)).toEqual([
    { id: expect.any(String), captured_at: expect.any(Date) },
  ])
  expect(await money()).toEqual({ payments: 1, captures: 1, order_captures: 1 })
})

it("makes each payout exactly once when Medusa is killed between sending a create and recording its reply", async () => {
  // The sandbox is not reset between these tests: what the service saw before, to count from.
  const before = await payoutsAtService(sandbox)
  // Two vendors paid to Piastrix wallets, each with earnings and a payout the send job will pick up.
  const payoutIds = await walletVendorsWithPayouts(
    axios.create({ baseURL: store.url }),
    2,
    "crash"
  )
  type Row = {
    id: string
    status: string
    shop_payment_id: string
    service_id: string | null
    claimed: boolean
    rail: string
    amount: string
  }
  const rows = () =>
    store.sql<Row>(
      `select id, status, shop_payment_id, service_id, coalesce(claimed_until > now(), false) as claimed,
              rail, amount::text as amount
         from piastrix_payout where id = any($1) order by id`,
      [payoutIds]
    )
  const madeAtSandbox = async () => {
    const ids = (await rows()).map((p) => p.shop_payment_id)
    const state = await sandboxControl(sandbox, "GET", "state")
    return (
      state.payouts as Array<{ shopPaymentId: string; status: number }>
    ).filter((p) => ids.includes(p.shopPaymentId))
  }

  // The service makes the next wallet transfer but holds its reply (longer than the client's 15 s
  // timeout): the send job (every minute, in the Medusa process) waits for it, and is killed then.
  await sandboxControl(sandbox, "POST", "faults", {
    type: "hold_reply",
    path: "/transfer/create",
    ms: 60_000,
    times: 1,
  })
  const [made] = await waitFor(async () => {
    const list = await madeAtSandbox()
    return list.length ? list : null
  }, 90_000)
  // The kill lands while the send waits: its create reached the service once, was handled, and its reply is
  // still held (not answered, not yet given up on).
  const createsOf = async (id: string) =>
    (await sandboxControl(sandbox, "GET", "requests")).endpoints[
      "/transfer/create"
    ].shop_payment_id[id]
  expect(await createsOf(made.shopPaymentId)).toEqual({
    total: 1,
    handled: 1,
    unanswered: 0,
    refused: 0,
    faults: { hold_reply: 1 },
  })
  await store.kill()
  const atKill = await rows()
  process.stdout.write(`payouts at the kill: ${JSON.stringify(atKill)}\n`)
  // Sent and made, its reply never recorded: the row knows only that it was sent, and the killed process
  // still holds it (its claim has not run out).
  expect(
    atKill.find((p) => p.shop_payment_id === made.shopPaymentId)
  ).toMatchObject({ status: "processing", service_id: null, claimed: true })
  // The held reply, once due, finds its caller gone.
  await sandboxControl(sandbox, "POST", "clock/advance", { ms: 60_000 })
  await waitFor(
    async () => (await createsOf(made.shopPaymentId)).unanswered === 1,
    10_000
  )

  // The dead process's claims lapse after two minutes; the test lets them lapse now.
  await store.sql(
    `update piastrix_payout set claimed_until = now() where claimed_until > now()`
  )
  await store.start()
  // Every payout settles (the send and sync jobs run every minute): each must have succeeded.
  const settled = ["succeeded", "rejected", "canceled", "needs_attention"]
  await waitFor(
    async () => (await rows()).every((p) => settled.includes(p.status)),
    180_000
  ).catch(async (error) => {
    throw new Error(
      `${error.message}: ${JSON.stringify(await rows())}\n${store.output().slice(-4000)}`
    )
  })
  const final = await rows()
  expect(final.map((p) => p.status)).toEqual(["succeeded", "succeeded"])
  const atSandbox = await madeAtSandbox()
  expect(atSandbox.map((p) => p.shopPaymentId).sort()).toEqual(
    final.map((p) => p.shop_payment_id).sort()
  )
  expect(atSandbox.every((p) => p.status === 5)).toBe(true)
  // After the restart the payout was read by its status, never created again.
  expect((await createsOf(made.shopPaymentId)).total).toBe(1)
  // At the service, unfiltered: two transfers under the two payouts' ids and no other, two creates in all,
  // and the shop balance debited 2 x 700.00 (a retry under a new id would show here, not among the shop's ids).
  await expectEachPayoutMadeOnce(sandbox, final, {
    since: before,
    createRequests: 2,
  })
  const faults = await expectFaultsFired(sandbox)
  expect(faults.find((f) => f.type === "hold_reply")).toMatchObject({
    fired: 1,
  })
  expect(final.every((p) => p.service_id)).toBe(true)
  const db = {
    raw: async (text: string) => ({ rows: await store.sql(text) }),
  } as unknown as SqlDatabase
  expect(await ledgerBalances(db)).toMatchObject({
    balanced: true,
    unbalanced_transactions: [],
  })
  const paid = await store.sql(
    `select recipient_id, sum(amount)::text as paid from piastrix_ledger_entry
      where account = 'paid' and payout_id = any($1) group by recipient_id`,
    [payoutIds]
  )
  expect(paid.map((r) => r.paid)).toEqual(["700.00", "700.00"])
})

// The integration runner scans the logs of the suites it boots in process; this Medusa is a process of its own.
it("logged no secret, signature, card number or CVV in the killed and the restarted process", () => {
  const lines = store
    .output()
    .split("\n")
    .map((text) => ({ level: "output", text }))
  expect(lines.length).toBeGreaterThan(20)
  expect(scanLogLines(lines, TEST_SECRET)).toEqual([])
})
