import axios from "axios"
import Redis from "ioredis"
import { startSandbox, type RunningSandbox } from "../../sandbox/src"
import { successNotification } from "../helpers/callbacks"
import {
  createStoreDatabase,
  medusaInstance,
  type MedusaInstance,
  type StoreDatabase,
} from "../helpers/medusa-process"
import { TEST_SECRET, TEST_SHOP_ID } from "../helpers/runner"

const { startRedis } = require("../../scripts/redis")

jest.setTimeout(600_000)

/**
 * Forged callbacks on Medusa's own webhook route, on the production layout's Redis event bus. Medusa's
 * route queues every body it receives before a provider looks at it, and keeps failed jobs: 100
 * forgeries of 92 KB once took Redis from 2.6 MB to 42.4 MB. The plugin answers that route for its
 * providers itself (src/api/hooks/payment-route-guard.ts), so a forgery must leave Redis as it was.
 */
let redis: { url: string; stop(): Promise<void> }
let client: Redis
let sandbox: RunningSandbox
let db: StoreDatabase
let store: MedusaInstance

const QUEUE = "EventBusRedisService:events-queue"
const ROUTES = [
  "/hooks/payment/piastrix_piastrix",
  "/hooks/payment/piastrix-wallet_piastrix",
  "/hooks/payment/piastrix-card_piastrix",
  "/hooks/payment/piastrix-bank-transfer_piastrix",
]

beforeAll(async () => {
  redis = await startRedis()
  client = new Redis(redis.url)
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
    LOG_LEVEL: "info",
  }
  db = await createStoreDatabase({ env })
  store = await medusaInstance({ databaseUrl: db.databaseUrl, env })
  await store.start()
})

afterAll(async () => {
  await store?.kill()
  await db?.drop()
  await sandbox?.close()
  client?.disconnect()
  await redis?.stop()
})

/** Everything Medusa's event bus keeps: its jobs, and the failed ones among them. */
async function queueState() {
  const jobs = (await client.keys(`${QUEUE}:*`)).filter((k) => /:\d+$/.test(k))
  const failed = await client.zcard(`${QUEUE}:failed`)
  const memory = Number(
    /used_memory:(\d+)/.exec(await client.info("memory"))?.[1]
  )
  return { jobs: jobs.length, failed, memory }
}

const stackLines = (text: string) =>
  text.split("\n").filter((line) => /^\s+at /.test(line)).length

it("answers 1,000 forged callbacks on Medusa's webhook route 400 and queues, keeps and logs with a stack none of them", async () => {
  const padding = "x".repeat(92 * 1024)
  const forged = (i: number) => {
    const real = successNotification(`payses_forged${i}`, "10.00")
    switch (i % 4) {
      case 0: // 92 KB, as in the finding
        return { ...real, description: padding }
      case 1: // tampered amount
        return { ...real, shop_amount: "1.00" }
      case 2: // unsigned
        return { ...real, sign: "" }
      default: // signed with another key
        return { ...real, sign: "0".repeat(64) }
    }
  }
  const before = await queueState()
  const logBefore = store.output().length
  const stacksBefore = stackLines(store.output())

  const statuses: number[] = []
  const api = axios.create({
    baseURL: store.url,
    validateStatus: () => true,
    maxBodyLength: Infinity,
  })
  for (let batch = 0; batch < 1000; batch += 20) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, j) => {
        const i = batch + j
        return api.post(
          ROUTES[i % ROUTES.length],
          new URLSearchParams(forged(i)).toString(),
          { headers: { "content-type": "application/x-www-form-urlencoded" } }
        )
      })
    )
    statuses.push(...answers.map((a) => a.status))
  }
  // Medusa's route would have answered 200 to each and queued it.
  expect(statuses.filter((s) => s !== 400)).toEqual([])

  // Give a queued job time to fail, as one did 5 s after Medusa's 200.
  await new Promise((r) => setTimeout(r, 7000))
  const after = await queueState()
  expect(after.jobs).toBe(before.jobs)
  expect(after.failed).toBe(before.failed)
  // 1,000 kept bodies would be tens of megabytes; Redis's own bookkeeping moves by kilobytes.
  expect(after.memory - before.memory).toBeLessThan(1024 * 1024)

  const logged = store.output().slice(logBefore)
  expect(stackLines(store.output())).toBe(stacksBefore)
  // One short warning line per forgery, naming the reason, never the body.
  expect(logged.length / 1000).toBeLessThan(300)
  expect(logged).not.toContain("xxxxxxxxxx")
})

it("still accepts a real notification on Medusa's webhook route and answers OK", async () => {
  const res = await axios.post(
    `${store.url}/hooks/payment/piastrix_piastrix`,
    new URLSearchParams(
      successNotification("payses_unknownorder1", "10.00")
    ).toString(),
    {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      validateStatus: () => true,
    }
  )
  expect(res.status).toBe(200)
  expect(res.data).toBe("OK")
  const rows = await db.sql(
    "select state from piastrix_notification where shop_order_id = $1",
    ["payses_unknownorder1"]
  )
  expect(rows).toHaveLength(1)
})
