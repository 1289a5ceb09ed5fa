import Medusa from "@medusajs/js-sdk"
import axios, { type AxiosInstance } from "axios"
import { startSandbox, type RunningSandbox } from "../../sandbox/src"
import { waitFor } from "../helpers/callbacks"
import { holdTable } from "../helpers/db-hold"
import { startMedusaStore, type MedusaStore } from "../helpers/medusa-process"
import { TEST_SECRET, TEST_SHOP_ID } from "../helpers/runner"
import {
  completeCart as postCompletion,
  createCart,
  startPaymentSession,
} from "../helpers/store-api"
import { completeCart } from "../../src/storefront"

const { startRedis } = require("../../scripts/redis")

jest.setTimeout(600_000)

/**
 * Two carts of one product completed at once, on Medusa's Redis locking as in production. Medusa's
 * completion reserves the stock under a lock on the product's inventory item and waits at most 5 s for
 * it; a completion still waiting then is answered 409 `conflict` and rolled back (no order). Under load,
 * with many payers buying the same product, that wait runs out: `many-instances` saw bank transfers
 * answered `conflict` this way. Here the wait is made certain, never left to timing: the first completion
 * is stopped while it holds the lock (its reservation waits on a held `reservation_item`), so the second
 * waits out its 5 s. The reconcile job runs as in production (every minute).
 */
let redis: { url: string; stop(): Promise<void> }
let sandbox: RunningSandbox
let store: MedusaStore

beforeAll(async () => {
  redis = await startRedis()
  sandbox = await startSandbox({
    port: 0,
    shopId: TEST_SHOP_ID,
    secret: TEST_SECRET,
  })
  const env = {
    REDIS_URL: redis.url,
    PIASTRIX_SHOP_ID: String(TEST_SHOP_ID),
    PIASTRIX_SECRET_KEY: TEST_SECRET,
    PIASTRIX_API_URL: sandbox.url,
    PIASTRIX_H2H_URL: sandbox.url,
    // The test reads Medusa's reason for each 409 from the log.
    LOG_LEVEL: "info",
    // Medusa's own wait for a lock, which the test waits out (the repository's config waits 30 s).
    MEDUSA_LOCK_WAIT_SECONDS: "5",
  }
  store = await startMedusaStore({ env })
  await store.start()
})

afterAll(async () => {
  await store?.close()
  await sandbox?.close()
  await redis?.stop()
})

async function bankTransferCart(api: AxiosInstance, n: number) {
  const cart = await createCart(api, store.seed, {
    email: `same-product-${n}@example.com`,
  })
  await startPaymentSession(
    api,
    store.seed,
    cart,
    "pp_piastrix-bank-transfer_piastrix",
    { email: cart.email, payway: "h2h_sbp_rub" }
  )
  return cart.id as string
}

const ordersOf = (cartId: string) =>
  store.sql<{ order_id: string }>(
    `select oc.order_id from order_cart oc
       join "order" o on o.id = oc.order_id and o.deleted_at is null
      where oc.cart_id = $1 and oc.deleted_at is null`,
    [cartId]
  )

/** Completions Medusa gave up on because the stock lock stayed taken (its log line for each 409). */
const stockLockTimeouts = () =>
  store.output().split("Timed-out acquiring lock.").length - 1

it("a completion that waits out the stock lock of a product another completion holds is answered 409 and places nothing; the storefront kit completes again and gets the one order", async () => {
  const api = axios.create({ baseURL: store.url })
  const first = await bankTransferCart(api, 1)
  const second = await bankTransferCart(api, 2)

  const hold = await holdTable(store.databaseUrl, "reservation_item")
  let firstPlaced: ReturnType<typeof postCompletion> | undefined
  try {
    firstPlaced = postCompletion(api, store.seed, first)
    // The first completion holds the product's lock, stopped at its reservation.
    await waitFor(async () => (await hold.waiting()).length > 0, 60_000)

    const refused = await postCompletion(api, store.seed, second)
    expect(refused).toMatchObject({ status: 409, body: { type: "conflict" } })
    expect(stockLockTimeouts()).toBe(1)
    expect(await ordersOf(second)).toEqual([])

    // What a storefront does (docs/storefront.md): the kit completes again after a conflict.
    const sdk = new Medusa({
      baseUrl: store.url,
      publishableKey: store.seed.publishableKey,
    })
    const placing = completeCart(sdk, second)
    // Its first attempt met the same held lock; the first completion goes on only now.
    await waitFor(async () => stockLockTimeouts() === 2, 60_000)
    await hold.release()

    const placed = await placing
    expect((await firstPlaced).body.type).toBe("order")
    const [secondOrder] = await ordersOf(second)
    expect(placed).toEqual({ order_id: secondOrder.order_id, error: null })
    expect(await ordersOf(first)).toHaveLength(1)
    expect(await ordersOf(second)).toHaveLength(1)
  } finally {
    await hold.release()
    // Settled before the store is stopped, whatever failed above.
    await firstPlaced?.catch(() => null)
  }
})
