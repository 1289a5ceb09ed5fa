import axios from "axios"
import { startSandbox, type RunningSandbox } from "../../sandbox/src"
import {
  holdCallbacks,
  postCallback,
  sandboxControl,
  sandboxNotifications,
  waitFor,
} from "../helpers/callbacks"
import { startMedusaStore, type MedusaStore } from "../helpers/medusa-process"
import { ledgerBalances, type SqlDatabase } from "../../src/lib/payouts"
import { walletVendorsWithPayouts } from "../helpers/payouts"
import { scanLogLines } from "../helpers/log-scan"
import { TEST_SECRET, TEST_SHOP_ID } from "../helpers/runner"
import { createCart, startPaymentSession } from "../helpers/store-api"

jest.setTimeout(600_000)

/**
 * The bad day: Medusa is killed (SIGKILL, no shutdown) while it turns paid callbacks into orders,
 * and started again. Afterwards every paid cart has exactly one order with its payment captured,
 * no order is left behind without its cart, and nothing paid is lost. Recovery is the reconcile
 * job's, on its own schedule (a minute), after the dead instance's claims expire. The same for a
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

  // Every callback is answered OK (recorded), and the kill lands while their processing runs.
  const answers = await Promise.all(
    notifications.map((n) => postCallback(api, n.fields))
  )
  expect(answers.every((a) => a.status === 200 && a.body === "OK")).toBe(true)
  await waitFor(
    async () => (await store.sql(`select 1 from "order" limit 1`)).length > 0,
    30_000
  )
  await store.kill()
  const before = await store.sql(
    `select state, count(*)::int as n from piastrix_notification group by state`
  )
  process.stdout.write(`inbox at the kill: ${JSON.stringify(before)}\n`)

  await store.start()
  await waitFor(async () => {
    const open = await store.sql(
      `select 1 from piastrix_notification where state <> 'processed' limit 1`
    )
    return open.length === 0
  }, 240_000).catch((error) => {
    throw new Error(`${error.message}\n${store.output().slice(-4000)}`)
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
  // An interrupted completion can leave an order linked to no cart: the job cancels it, with a note,
  // once it is old enough not to belong to a completion still running (two and a half minutes).
  const unlinked = `select o.id, o.canceled_at, o.metadata from "order" o
      where o.deleted_at is null and o.is_draft_order = false
        and not exists (select 1 from order_cart oc where oc.order_id = o.id and oc.deleted_at is null)`
  await waitFor(
    async () => (await store.sql(unlinked)).every((o) => o.canceled_at),
    300_000
  ).catch(async (error) => {
    throw new Error(
      `${error.message}: ${JSON.stringify(await store.sql(unlinked))}\n${store.output().slice(-4000)}`
    )
  })
  const leftovers = await store.sql(unlinked)
  process.stdout.write(
    `orders left behind by the kill, now canceled: ${leftovers.length}\n`
  )
  for (const order of leftovers) {
    expect(order.metadata.piastrix_orphan.reason).toMatch(
      /interrupted completion/
    )
  }
  const inbox = await store.sql(
    `select count(*)::int as n from piastrix_notification`
  )
  expect(inbox[0].n).toBe(PAYMENTS)
})

it("makes each payout exactly once when Medusa is killed between sending a create and recording its reply", async () => {
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
  }
  const rows = () =>
    store.sql<Row>(
      `select id, status, shop_payment_id, service_id from piastrix_payout where id = any($1) order by id`,
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
  await store.kill()
  const atKill = await rows()
  process.stdout.write(`payouts at the kill: ${JSON.stringify(atKill)}\n`)
  // Sent and made, its reply never recorded: the row knows only that it was sent.
  expect(
    atKill.find((p) => p.shop_payment_id === made.shopPaymentId)
  ).toMatchObject({ status: "processing", service_id: null })

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
