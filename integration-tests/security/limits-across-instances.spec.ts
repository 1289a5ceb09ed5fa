import axios, { type AxiosInstance } from "axios"
import { startSandbox, type RunningSandbox } from "../../sandbox/src"
import { DEFAULT_LIMITS } from "../../src/lib/plugin"
import {
  createStoreDatabase,
  medusaInstance,
  type MedusaInstance,
  type StoreDatabase,
} from "../helpers/medusa-process"
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

/** Each request's status, answered or refused; `n` requests spread over both instances. */
async function statusesOf(
  n: number,
  request: (api: AxiosInstance) => Promise<{ status: number }>
): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      request(apis[i % apis.length]).then(
        (res) => res.status,
        (err) => {
          if (!err.response) {
            throw err
          }
          return err.response.status as number
        }
      )
    )
  )
  return answers
}

it(`lets exactly ${STARTS.max} of 30 Piastrix session starts of one cart through, sent to two instances at once`, async () => {
  const cart = await createCart(apis[0], db.seed)
  const { data: pc } = await apis[0].post(
    "/store/payment-collections",
    { cart_id: cart.id },
    headers()
  )
  const statuses = await statusesOf(30, (api) =>
    api.post(
      `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
      {
        provider_id: BANK,
        data: { email: "payer@example.com", payway: "h2h_sbp_rub" },
      },
      headers()
    )
  )
  // Every answer is shown when the count is wrong. What passes the limit is Medusa's to answer: with 30 at
  // once on one cart some of those 10 come back 500 (seen 2026-11-27; not the limit's doing, left open).
  expect({
    refused: statuses.filter((s) => s === 429).length,
    answers: statuses,
  }).toEqual({ refused: 30 - STARTS.max, answers: expect.any(Array) })
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
  const statuses = await statusesOf(30, (api) =>
    api.post(
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
  // Every answer is shown when a count is wrong (once, in a whole run, 15 were neither).
  expect({
    filed: statuses.filter((s) => s === 202).length,
    refused: statuses.filter((s) => s === 429).length,
    answers: statuses,
  }).toEqual({
    filed: RECEIPTS.max,
    refused: 30 - RECEIPTS.max,
    answers: expect.any(Array),
  })
  expect(sandbox.sandbox.store.data.receipts.length - filed).toBe(RECEIPTS.max)
})
