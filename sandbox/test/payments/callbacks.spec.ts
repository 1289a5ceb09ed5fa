import {
  callbackSign,
  now,
  startCallbackReceiver,
} from "../helpers/reference-client"
import {
  advance,
  SECRET,
  startTestSandbox,
  waitForAttempts,
  type TestSandbox,
} from "../helpers/setup"

describe("sandbox notifications", () => {
  let t: TestSandbox
  beforeEach(async () => {
    t = await startTestSandbox({
      timing: { callbackRetryBaseMs: 1000, callbackMaxAttempts: 4 },
    })
  })
  afterEach(() => t.close())

  const createAndPay = async (order: string, callbackUrl: string) => {
    const created = await t.client.call("/invoice/create", {
      amount: "100.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: order,
      email: "payer@example.com",
      callback_url: callbackUrl,
    })
    await t.client.control("POST", `/payments/${created.data.id}/pay`)
    return created.data
  }

  it("resends with backoff until the shop answers 200 OK, logging every attempt and reply", async () => {
    const receiver = await startCallbackReceiver((_n, i) =>
      i < 2 ? { status: 500, body: "oops" } : { status: 200, body: "OK" }
    )
    try {
      await createAndPay("cb-retry", receiver.url)
      await waitForAttempts(t.client, 1)
      await advance(t.client, 999)
      expect(receiver.received).toHaveLength(1)
      await advance(t.client, 1)
      await waitForAttempts(t.client, 2)
      await advance(t.client, 2000)
      await waitForAttempts(t.client, 3)
      await advance(t.client, 60_000)
      expect(receiver.received).toHaveLength(3)
      const log = (await t.client.control("GET", "/callbacks")).body
      expect(log.attempts.map((a: any) => [a.attempt, a.status, a.ok])).toEqual(
        [
          [1, 500, false],
          [2, 500, false],
          [3, 200, true],
        ]
      )
      expect(log.attempts[0].body).toBe("oops")
      expect(log.notifications[0]).toMatchObject({
        delivered: true,
        attempts: 3,
      })
      const fields = receiver.received[2].fields
      expect(fields.sign).toBe(callbackSign(fields, SECRET))
    } finally {
      await receiver.close()
    }
  })

  it("does not take a 200 without the body OK as delivered", async () => {
    const receiver = await startCallbackReceiver((_n, i) =>
      i === 0 ? { status: 200, body: "thanks" } : { status: 200, body: "OK" }
    )
    try {
      await createAndPay("cb-body", receiver.url)
      await waitForAttempts(t.client, 1)
      await advance(t.client, 1000)
      await receiver.waitFor(2)
    } finally {
      await receiver.close()
    }
  })

  it("gives up after the configured attempts and logs a refused connection", async () => {
    await createAndPay("cb-down", "http://127.0.0.1:9/nobody")
    await waitForAttempts(t.client, 1)
    for (let i = 0; i < 5; i++) {
      await t.client.control("POST", "/callbacks/retry")
    }
    const log = (await t.client.control("GET", "/callbacks")).body
    expect(log.attempts).toHaveLength(4)
    expect(log.attempts[0]).toMatchObject({
      status: null,
      ok: false,
      error: expect.any(String),
    })
    expect(log.notifications[0]).toMatchObject({
      gaveUp: true,
      delivered: false,
    })
  })

  it("sends a notification twice under the duplicate fault", async () => {
    const receiver = await startCallbackReceiver()
    try {
      await t.client.control("POST", "/faults", {
        type: "duplicate_callbacks",
        times: 1,
      })
      await createAndPay("cb-dup", receiver.url)
      await receiver.waitFor(2)
      expect(receiver.received[0].fields).toEqual(receiver.received[1].fields)
    } finally {
      await receiver.close()
    }
  })

  it("delivers held notifications newest first under the out-of-order fault", async () => {
    const receiver = await startCallbackReceiver()
    try {
      await t.client.control("POST", "/faults", {
        type: "out_of_order_callbacks",
        times: 2,
      })
      await createAndPay("cb-first", receiver.url)
      const second = await t.client.call("/invoice/create", {
        amount: "100.00",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "cb-second",
        email: "payer@example.com",
        callback_rejected_url: receiver.url,
      })
      await t.client.control("POST", `/payments/${second.data.id}/fail`)
      expect(receiver.received).toHaveLength(0)
      expect(
        (await t.client.control("POST", "/callbacks/release")).body
      ).toEqual({ released: 2 })
      await receiver.waitFor(2)
      expect(receiver.received.map((n) => n.fields.shop_order_id)).toEqual([
        "cb-second",
        "cb-first",
      ])
    } finally {
      await receiver.close()
    }
  })

  it("aborts a notification a shop is slow to answer when it closes, instead of waiting for it", async () => {
    const { createServer } = await import("node:http")
    // An attempt that could only end by the sandbox aborting it: without the abort, close would wait
    // ten minutes and the test would fail on jest's timeout.
    await t.close()
    t = await startTestSandbox({ timing: { callbackTimeoutMs: 600_000 } })
    let requestArrived!: () => void
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve))
    let connectionClosed!: () => void
    const closed = new Promise<void>((resolve) => (connectionClosed = resolve))
    // Reads the notification and never answers: the sandbox's attempt is on the wire when it closes.
    const hanging = createServer((req) => {
      req.socket.once("close", () => connectionClosed())
      requestArrived()
    })
    await new Promise<void>((resolve) =>
      hanging.listen(0, "127.0.0.1", resolve)
    )
    try {
      const port = (hanging.address() as { port: number }).port
      await createAndPay("cb-hanging", `http://127.0.0.1:${port}/slow`)
      await arrived
      await t.close()
      await closed
      expect(
        t.running.sandbox.store.data.callbackLog.filter((a) => a.ok)
      ).toEqual([])
    } finally {
      hanging.closeAllConnections()
      await new Promise((resolve) => hanging.close(resolve))
    }
  })

  it("sends no notification when neither the request nor the shop settings name an address", async () => {
    const created = await t.client.call("/invoice/create", {
      amount: "100.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: "cb-none",
      email: "payer@example.com",
    })
    await t.client.control("POST", `/payments/${created.data.id}/pay`)
    const check = await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "cb-none",
    })
    expect(check.data.status).toBe(4)
    expect(
      (await t.client.control("GET", "/callbacks")).body.notifications
    ).toEqual([])
  })
})
