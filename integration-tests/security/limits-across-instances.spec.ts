import axios, { type AxiosInstance } from "axios"
import { startSandbox, type RunningSandbox } from "../../sandbox/src"
import { DEFAULT_LIMITS } from "../../src/lib/plugin"
import {
  createStoreDatabase,
  medusaInstance,
  type MedusaInstance,
  type StoreDatabase,
} from "../helpers/medusa-process"
import { sandboxControl, waitFor } from "../helpers/callbacks"
import { holdTable } from "../helpers/db-hold"
import { TEST_SECRET, TEST_SHOP_ID } from "../helpers/runner"
import { createCart, startPaymentSession } from "../helpers/store-api"
import { multipartForm, pngBytes } from "../helpers/store-routes"

jest.setTimeout(600_000)

const BANK = "pp_piastrix-bank-transfer_piastrix"
const RECEIPTS = DEFAULT_LIMITS.receiptsPerSession
const STARTS = DEFAULT_LIMITS.sessionStartsPerCart

/**
 * The storefront limits hold across instances: two `medusa start` processes on one database, sharing
 * nothing in memory, get the attempts of one cart and one session at once, half each. Between them they
 * let exactly as many through as the limit allows, because the count is one statement on a Postgres row.
 * (Heavy: two Medusa processes; run beside the other process suites, scripts/test.js.)
 */
let sandbox: RunningSandbox
let db: StoreDatabase
let instances: MedusaInstance[] = []
let apis: AxiosInstance[] = []

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    shopId: TEST_SHOP_ID,
    secret: TEST_SECRET,
    config: { timing: { requisitesDelayMs: 0 } },
  })
  const env = {
    PIASTRIX_SHOP_ID: String(TEST_SHOP_ID),
    PIASTRIX_SECRET_KEY: TEST_SECRET,
    PIASTRIX_API_URL: sandbox.url,
    PIASTRIX_H2H_URL: sandbox.url,
    PIASTRIX_RECONCILE: "off",
    PIASTRIX_PAYOUTS: "off",
    LOG_LEVEL: "warn",
  }
  db = await createStoreDatabase({ env })
  instances = await Promise.all(
    [0, 1].map(() => medusaInstance({ databaseUrl: db.databaseUrl, env }))
  )
  await Promise.all(instances.map((instance) => instance.start()))
  apis = instances.map((instance) => axios.create({ baseURL: instance.url }))
})

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.kill()))
  await db?.drop()
  await sandbox?.close()
})

const headers = () => ({
  headers: { "x-publishable-api-key": db.seed.publishableKey },
})

/** The answer to a start that waited out another start of the collection (helpers/one-start-at-a-time.ts). */
const ANOTHER_START = "Another payment start for this cart is in progress"

const startIn = (api: AxiosInstance, collectionId: string) =>
  api.post(
    `/store/payment-collections/${collectionId}/payment-sessions`,
    {
      provider_id: BANK,
      data: { email: "payer@example.com", payway: "h2h_sbp_rub" },
    },
    headers()
  )

/** An answer's status, and Medusa's message for anything but a 200. */
const answerOf = (request: Promise<{ status: number; data: any }>) =>
  request.then(
    (res) => ({ status: res.status, message: null as string | null }),
    (err) => {
      if (!err.response) {
        throw err
      }
      return {
        status: err.response.status as number,
        message: String(err.response.data?.message ?? ""),
      }
    }
  )

/** The collection's live sessions (Medusa deletes a replaced one for good). */
const liveSessions = (collectionId: string) =>
  db.sql<{ id: string }>(
    `select id from payment_session where payment_collection_id = $1 and deleted_at is null`,
    [collectionId]
  )

/** A new cart and its payment collection, as a storefront starts paying. */
async function cartWithCollection() {
  const cart = await createCart(apis[0], db.seed)
  const { data: pc } = await apis[0].post(
    "/store/payment-collections",
    { cart_id: cart.id },
    headers()
  )
  return { cart, collectionId: pc.payment_collection.id as string }
}

/** The invoices the service was asked to open, faults included (the sandbox's request counts). */
async function invoiceCreates(): Promise<number> {
  const requests = await sandboxControl(sandbox, "GET", "requests")
  return requests.endpoints["/invoice/create"]?.total ?? 0
}

it(`lets exactly ${STARTS.max} of 30 Piastrix session starts of one cart through, sent to two instances at once, each started once`, async () => {
  const { collectionId } = await cartWithCollection()
  const invoicesBefore = await invoiceCreates()
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      answerOf(startIn(apis[i % apis.length], collectionId))
    )
  )
  // Every answer is shown when a count is wrong. A start the limit let through waits for the one before it
  // and is answered 200, or 409 if that one outlasted its wait; never a 500 (before: Medusa's concurrent
  // starts deleted each other's sessions, "Could not delete all payment sessions").
  const started = answers.filter((a) => a.status === 200).length
  expect({
    refused: answers.filter((a) => a.status === 429).length,
    admitted: answers
      .filter((a) => a.status !== 429)
      .every(
        (a) =>
          a.status === 200 ||
          (a.status === 409 && a.message!.startsWith(ANOTHER_START))
      ),
    answers,
  }).toEqual({
    refused: 30 - STARTS.max,
    admitted: true,
    answers: expect.any(Array),
  })
  expect(started).toBeGreaterThan(0)
  // Each start replaced the one before it, and opened one payment at the service.
  expect(await liveSessions(collectionId)).toHaveLength(1)
  expect((await invoiceCreates()) - invoicesBefore).toBe(started)
})

it("runs two starts of one cart on two instances one after the other, also when both read the cart's earlier session before either replaced it", async () => {
  const { cart, collectionId } = await cartWithCollection()
  const first = await startIn(apis[0], collectionId)
  const [earlier] = first.data.payment_collection.payment_sessions
  const invoicesBefore = await invoiceCreates()

  // Medusa's start reads the collection's sessions, then checks the provider against the region's
  // (`region_payment_provider`), then creates the new session and deletes those it read. Reads of that table
  // are held, so a start stops between reading the sessions and deleting them.
  const hold = await holdTable(db.databaseUrl, "region_payment_provider", {
    mode: "access exclusive",
  })
  try {
    const answers = [0, 1].map((i) => answerOf(startIn(apis[i], collectionId)))
    const queued = await waitFor(async () => {
      const waiting = await hold.waiting()
      const [lease] = await db.sql<{ held: boolean }>(
        `select claimed_until > clock_timestamp() as held from piastrix_poll where id = $1`,
        [`lease:sessionStart:${collectionId}`]
      )
      const [limit] = await db.sql<{ hits: number }>(
        `select hits from piastrix_poll where id = $1`,
        [`limit:sessionStartsPerCart:${cart.id}`]
      )
      // Both read the earlier session and wait here; or (one start at a time) one waits here and the other,
      // let through the limit, waits for the first one's lease.
      return waiting.length === 2 ||
        (waiting.length === 1 && lease?.held && Number(limit?.hits) === 3)
        ? waiting
        : null
    }, 60_000)
    expect(queued[0].query).toMatch(/region_payment_provider/)
    await hold.release()

    const [a, b] = await Promise.all(answers)
    const live = await liveSessions(collectionId)
    expect({ a, b, live: live.length }).toEqual({
      a: { status: 200, message: null },
      b: { status: 200, message: null },
      live: 1,
    })
    expect(live[0].id).not.toBe(earlier.id)
    // One payment opened per start at the service (a start that failed after its own opened, and whose
    // compensation started the deleted session again, opened two).
    expect((await invoiceCreates()) - invoicesBefore).toBe(2)
  } finally {
    await hold.release()
  }
})

it(`files exactly ${RECEIPTS.max} of 30 receipts of one session, sent to two instances at once`, async () => {
  const cart = await createCart(apis[1], db.seed)
  const { session } = await startPaymentSession(apis[1], db.seed, cart, BANK, {
    email: "payer@example.com",
    payway: "h2h_sbp_rub",
  })
  await axios.post(
    `${sandbox.url}/__sandbox/payments/${session.id}/requisites?by=order`,
    {}
  )
  const filed = sandbox.sandbox.store.data.receipts.length
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      answerOf(
        apis[i % apis.length].post(
          `/store/piastrix/sessions/${session.id}/receipt`,
          multipartForm([
            {
              name: "file",
              filename: "check.png",
              type: "image/png",
              bytes: pngBytes(1024),
            },
          ]),
          headers()
        )
      )
    )
  )
  // Every answer other than the limit's two is shown with its message (once, in a whole run, 15 were neither).
  expect({
    filed: answers.filter((a) => a.status === 202).length,
    refused: answers.filter((a) => a.status === 429).length,
    others: answers.filter((a) => a.status !== 202 && a.status !== 429),
  }).toEqual({
    filed: RECEIPTS.max,
    refused: 30 - RECEIPTS.max,
    others: [],
  })
  expect(sandbox.sandbox.store.data.receipts.length - filed).toBe(RECEIPTS.max)
})
