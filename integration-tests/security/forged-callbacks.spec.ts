import http from "node:http"
import {
  holdCallbacks,
  inboxRows,
  postCallback,
  sandboxControl,
  sandboxNotifications,
  waitFor,
} from "../helpers/callbacks"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  createCart,
  findOrderForCart,
  startPaymentSession,
} from "../helpers/store-api"
import { payOnPaymentPage } from "../helpers/payer"

jest.setTimeout(120000)

const REDIRECT = "pp_piastrix_piastrix"

/**
 * Forgeries a stranger can make from one real callback, on every path into the plugin (the Redis
 * layout's queue is in forgeries-on-redis.spec.ts). Each test starts from the real notification the
 * sandbox sent for a paid payment, held back so the test decides what reaches the store.
 */
piastrixIntegrationRunner(({ api, getContainer, seed, sandbox }) => {
  afterEach(async () => {
    await sandboxControl(sandbox(), "DELETE", "faults")
  })

  /** A paid payment whose real callback has not been delivered: its fields, as the service signed them. */
  async function heldCallback() {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, REDIRECT, {
      payway: "card_rub",
      email: "payer@example.com",
    })
    await holdCallbacks(sandbox())
    await payOnPaymentPage(session.data)
    const [notification] = await sandboxNotifications(sandbox(), session.id)
    await sandboxControl(sandbox(), "DELETE", "faults")
    return { cart, fields: notification.fields as Record<string, string> }
  }

  /** A POST with exactly these headers (axios and fetch add a Content-Type of their own to a text body). */
  function post(
    path: string,
    body: string,
    headers: Record<string, string>
  ): Promise<{ status: number; body: any }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${api.defaults.baseURL}${path}`,
        {
          method: "POST",
          headers: { ...headers, "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = ""
          res.setEncoding("utf8")
          res.on("data", (chunk) => (text += chunk))
          res.on("end", () => {
            let parsed: unknown = text
            try {
              parsed = JSON.parse(text)
            } catch {}
            resolve({ status: res.statusCode!, body: parsed })
          })
        }
      )
      req.on("error", reject)
      req.end(body)
    })
  }

  it("refuses a real callback with its colons moved between fields, though its signature verifies", async () => {
    const { cart, fields } = await heldCallback()
    // The service signs the values joined with ":", without keys: moving `payway` into `payment_id`
    // keeps the signed string, and would make a new inbox row for the same payment.
    const intoPaymentId: Record<string, string> = {
      ...fields,
      payment_id: `${fields.payment_id}:${fields.payway}`,
    }
    delete intoPaymentId.payway
    const hourMoved = {
      ...fields,
      payway: `${fields.payway}:${fields.processed.slice(0, 13)}`,
      processed: fields.processed.slice(14),
    }
    for (const [forged, field] of [
      [intoPaymentId, "payment_id"],
      [hourMoved, "payway"],
    ] as const) {
      const answer = await postCallback(api, forged)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toContain(`invalid field ${field}`)
    }
    expect(await inboxRows(getContainer())).toHaveLength(0)
    expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()

    // The real one still places the order.
    expect((await postCallback(api, fields)).status).toBe(200)
    await waitFor(() => findOrderForCart(getContainer(), cart.id))
    expect(await inboxRows(getContainer())).toHaveLength(1)
  })

  it("takes a correctly signed callback that arrives without a Content-Type", async () => {
    const { cart, fields } = await heldCallback()
    const answer = await post(
      "/hooks/piastrix",
      new URLSearchParams(fields).toString(),
      {}
    )
    expect(answer).toEqual({ status: 200, body: "OK" })
    await waitFor(() => findOrderForCart(getContainer(), cart.id))
  })

  it("answers forgeries on Medusa's own webhook route 400 before Medusa takes them, and the real callback OK", async () => {
    const { cart, fields } = await heldCallback()
    const form = { "content-type": "application/x-www-form-urlencoded" }
    for (const path of [
      "/hooks/payment/piastrix_piastrix",
      "/hooks/payment/piastrix-wallet_piastrix",
      // the whole provider id, which Medusa 2.21's route also takes
      "/hooks/payment/pp_piastrix-card_piastrix",
    ]) {
      for (const forged of [
        { ...fields, shop_amount: "1.00" },
        { ...fields, sign: "0".repeat(64) },
        { ...fields, description: "x".repeat(90 * 1024) },
      ]) {
        const answer = await post(
          path,
          new URLSearchParams(forged).toString(),
          form
        )
        expect(answer.status).toBe(400)
        expect(answer.body.message).toMatch(/signature|larger than/)
      }
    }
    expect(await inboxRows(getContainer())).toHaveLength(0)

    // Answered by the plugin as on /hooks/piastrix: recorded before OK, processed at once.
    const real = await post(
      "/hooks/payment/piastrix_piastrix",
      new URLSearchParams(fields).toString(),
      form
    )
    expect(real).toEqual({ status: 200, body: "OK" })
    expect(await inboxRows(getContainer())).toHaveLength(1)
    await waitFor(() => findOrderForCart(getContainer(), cart.id))
  })
})
