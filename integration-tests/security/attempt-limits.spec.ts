import axios from "axios"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { DEFAULT_LIMITS, type SqlConnection } from "../../src/lib/plugin"
import { POLL_TABLE } from "../../src/modules/piastrix/repositories/postgres-poll-store"
import { takeAttempt } from "../../src/modules/piastrix/repositories/attempt-limit"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  createCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"
import { multipartForm, pngBytes } from "../helpers/store-routes"

jest.setTimeout(240000)

const BANK = "pp_piastrix-bank-transfer_piastrix"
const RECEIPTS = DEFAULT_LIMITS.receiptsPerSession
const STARTS = DEFAULT_LIMITS.sessionStartsPerCart

/**
 * Limits a stranger cannot exceed (plugin option `limits`, at their defaults here): receipts filed per
 * payment session and Piastrix payment sessions started per cart, each answered 429 with the limit's
 * name and when to retry. The counters are rows in Postgres taken by one statement, so many attempts at
 * once (on one instance or several) pass exactly as many times as the limit allows.
 */
piastrixIntegrationRunner(({ api, seed, sandbox, getContainer }) => {
  const control = (path: string, body: unknown = {}) =>
    axios.post(`${sandbox().url}/__sandbox${path}`, body)
  const state = () => sandbox().sandbox.store.data
  const settle = <T>(requests: Array<Promise<T>>) =>
    Promise.all(
      requests.map((r) =>
        r.then(
          (res: any) => res,
          (err) => {
            if (!err.response) {
              throw err
            }
            return err.response
          }
        )
      )
    )

  const receipt = (sessionId: string) =>
    api.post(
      `/store/piastrix/sessions/${sessionId}/receipt`,
      multipartForm([
        {
          name: "file",
          filename: "check.png",
          type: "image/png",
          bytes: pngBytes(1024),
        },
      ]),
      storeHeaders(seed())
    )

  async function bankSession() {
    const cart = await createCart(api, seed())
    const { session, paymentCollection } = await startPaymentSession(
      api,
      seed(),
      cart,
      BANK,
      { email: "payer@example.com", payway: "h2h_sbp_rub" }
    )
    await control(`/payments/${session.id}/requisites?by=order`)
    return { cart, session, paymentCollection }
  }

  const startSession = (paymentCollectionId: string) =>
    api.post(
      `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
      {
        provider_id: BANK,
        data: { email: "payer@example.com", payway: "h2h_sbp_rub" },
      },
      storeHeaders(seed())
    )

  function expectTooMany(res: any, limit: string) {
    expect(res.status).toBe(429)
    expect(res.data.message).toMatch(new RegExp(`limits\\.${limit}`))
    expect(res.data.message).toMatch(/try again in \d+ (seconds|minutes)/)
    const retryAfter = Number(res.headers["retry-after"])
    expect(retryAfter).toBeGreaterThan(0)
    expect(res.data.retry_after).toBe(retryAfter)
  }

  it(`files at most ${RECEIPTS.max} receipts per session in its window, then answers 429 naming the limit and when to retry`, async () => {
    const { session } = await bankSession()
    const filed = state().receipts.length
    for (let n = 0; n < RECEIPTS.max; n++) {
      expect((await receipt(session.id)).status).toBe(202)
    }
    const [refused] = await settle([receipt(session.id)])
    expectTooMany(refused, "receiptsPerSession")
    expect(refused.data.message).toMatch(
      `at most ${RECEIPTS.max} receipts per payment session in ${RECEIPTS.windowMinutes} minutes`
    )
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(
      RECEIPTS.windowMinutes * 60
    )
    expect(state().receipts.length - filed).toBe(RECEIPTS.max)

    // Another session's receipts have a window of their own.
    const { session: next } = await bankSession()
    expect((await receipt(next.id)).status).toBe(202)
  })

  it(`lets exactly ${RECEIPTS.max} of 30 receipts sent at once reach the service`, async () => {
    const { session } = await bankSession()
    const filed = state().receipts.length
    const answers = await settle(
      Array.from({ length: 30 }, () => receipt(session.id))
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 202)).toHaveLength(RECEIPTS.max)
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - RECEIPTS.max)
    expect(state().receipts.length - filed).toBe(RECEIPTS.max)
  })

  it(`starts at most ${STARTS.max} Piastrix payment sessions per cart in its window, then answers 429 naming the limit`, async () => {
    const { paymentCollection } = await bankSession()
    const invoices = () => state().payments.length
    // The first start (bankSession) counted.
    for (let n = 1; n < STARTS.max; n++) {
      expect((await startSession(paymentCollection.id)).status).toBe(200)
    }
    const before = invoices()
    const [refused] = await settle([startSession(paymentCollection.id)])
    expectTooMany(refused, "sessionStartsPerCart")
    expect(refused.data.message).toMatch(
      `at most ${STARTS.max} Piastrix payment session starts per cart in ${STARTS.windowMinutes} minutes`
    )
    expect(invoices()).toBe(before)

    // Other providers are not Piastrix's to limit.
    const system = await api.post(
      `/store/payment-collections/${paymentCollection.id}/payment-sessions`,
      { provider_id: "pp_system_default" },
      storeHeaders(seed())
    )
    expect(system.status).toBe(200)
  })

  it(`lets exactly ${STARTS.max} of 30 session starts fired at once on one cart through`, async () => {
    const cart = await createCart(api, seed())
    const { data: pc } = await api.post(
      "/store/payment-collections",
      { cart_id: cart.id },
      storeHeaders(seed())
    )
    const answers = await settle(
      Array.from({ length: 30 }, () => startSession(pc.payment_collection.id))
    )
    const statuses = answers.map((r) => r.status)
    // The starts that passed run one after the other (one start of a collection at a time): each is
    // answered 200, or 409 had the one before it outlasted its wait.
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - STARTS.max)
    expect(statuses.filter((s) => s === 429 || s === 200 || s === 409)).toEqual(
      statuses
    )
  })

  it("takes the last attempt of a window once, however many connections race for it (one statement per attempt)", async () => {
    const db = getContainer().resolve<SqlConnection>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
    const limit = { max: 7, windowMinutes: 1 }
    // Each take runs on its own pooled connection, as on separate instances.
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, () =>
        takeAttempt(db, "receiptsPerSession", "payses_race", limit)
      )
    )
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(limit.max)
    const { rows } = await db.raw(
      `select hits from ${POLL_TABLE} where id = ?`,
      ["limit:receiptsPerSession:payses_race"]
    )
    expect(rows[0].hits).toBe(limit.max)

    // A window that has ended opens a new one.
    await db.raw(
      `update ${POLL_TABLE} set next_allowed_at = clock_timestamp() - interval '1 second' where id = ?`,
      ["limit:receiptsPerSession:payses_race"]
    )
    expect(
      await takeAttempt(db, "receiptsPerSession", "payses_race", limit)
    ).toEqual({ allowed: true, hits: 1 })
  })
})
