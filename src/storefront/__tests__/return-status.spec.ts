import {
  decideReturnStep,
  pollPaymentStatus,
  type ReturnContext,
  type ReturnStep,
  type SessionStatus,
} from ".."

const status = (over: Partial<SessionStatus> = {}): SessionStatus => ({
  session_id: "payses_1",
  provider_id: "pp_piastrix_piastrix",
  kind: "redirect",
  status: "pending",
  state: "pending",
  failure: null,
  amount_mismatch: null,
  order_placed: false,
  order_id: null,
  checked_at: null,
  notice: null,
  ...over,
})

const ctx = (over: Partial<ReturnContext> = {}): ReturnContext => ({
  waitedMs: 0,
  completionTried: false,
  hasCart: true,
  ...over,
})

describe("storefront kit: the return page's rule", () => {
  it.each<[string, Partial<SessionStatus>, Partial<ReturnContext>, ReturnStep]>(
    [
      [
        "waits while the payment is pending",
        {},
        {},
        { type: "wait", ms: 2_000 },
      ],
      [
        "waits longer after two minutes",
        {},
        { waitedMs: 130_000, completionTried: true },
        { type: "wait", ms: 10_000 },
      ],
      [
        "shows the order the callback placed",
        { state: "paid", order_placed: true, order_id: "order_1" },
        {},
        { type: "order", order_id: "order_1", paid: true },
      ],
      [
        "shows an order placed while its money travels (bank transfer)",
        { state: "pending", order_placed: true, order_id: "order_1" },
        {},
        { type: "order", order_id: "order_1", paid: false },
      ],
      [
        "says the order is placed without its id to a page without the cart",
        { state: "paid", order_placed: true },
        { hasCart: false },
        { type: "order", order_id: null, paid: true },
      ],
      [
        "completes the cart once when paid and no order exists",
        { state: "paid" },
        {},
        { type: "complete_cart" },
      ],
      [
        "never completes twice",
        { state: "paid" },
        { completionTried: true },
        { type: "wait", ms: 2_000 },
      ],
      [
        "completes once after a while without a callback",
        {},
        { waitedMs: 8_001 },
        { type: "complete_cart" },
      ],
      [
        "never completes a cart it does not hold",
        { state: "paid" },
        { hasCart: false },
        { type: "wait", ms: 2_000 },
      ],
      [
        "tells the failure with the service's reason",
        { state: "failed", failure: { reason: " Card declined ", at: "x" } },
        {},
        { type: "failed", reason: "Card declined", state: "failed" },
      ],
      [
        "tells an expiry",
        { state: "expired" },
        {},
        { type: "failed", reason: null, state: "expired" },
      ],
      [
        "does not complete after a failed return, and fails it after 10 s",
        {},
        { cameBackFailed: true, waitedMs: 9_000 },
        { type: "wait", ms: 2_000 },
      ],
      [
        "fails a failed return that stays unpaid",
        {},
        { cameBackFailed: true, waitedMs: 10_001 },
        { type: "failed", reason: null, state: "pending" },
      ],
      [
        "tells a payment for a cart that changed",
        { state: "paid_without_order", order_placed: false },
        {},
        { type: "paid_without_order" },
      ],
      [
        "waits for the money on an order that exists (an order edit)",
        { state: "pending", order_placed: true },
        { forOrder: true, hasCart: false, waitedMs: 60_000 },
        { type: "wait", ms: 2_000 },
      ],
      [
        "ends an order's payment when paid",
        { state: "paid", order_placed: true },
        { forOrder: true, hasCart: false },
        { type: "order", order_id: null, paid: true },
      ],
    ]
  )("%s", (_, given, context, expected) => {
    expect(decideReturnStep(status(given), ctx(context))).toEqual(expected)
  })
})

describe("storefront kit: polling the status", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it("completes the cart once when paid, then reports the order", async () => {
    const answers = [
      status(),
      status({ state: "paid" }),
      status({ state: "paid", order_placed: true, order_id: "order_1" }),
    ]
    const readStatus = jest.fn(async () => answers.shift()!)
    const completeCart = jest.fn(async () => ({}))
    const steps: string[] = []
    const outcome = pollPaymentStatus(readStatus, {
      completeCart,
      onStep: (s) => steps.push(s.type),
    })
    await jest.advanceTimersByTimeAsync(2_000)
    expect(await outcome).toEqual({
      type: "order",
      order_id: "order_1",
      paid: true,
    })
    expect(completeCart).toHaveBeenCalledTimes(1)
    expect(steps).toEqual(["wait", "complete_cart", "order"])
  })

  it("ends in not_found after three 404s in a row, and retries other failures", async () => {
    const failures = [
      Object.assign(new Error("down"), { status: 502 }),
      Object.assign(new Error("x"), { status: 404 }),
      Object.assign(new Error("x"), { status: 404 }),
      Object.assign(new Error("x"), { status: 404 }),
    ]
    const readStatus = jest.fn(async () => {
      throw failures.shift()
    })
    const outcome = pollPaymentStatus(readStatus)
    await jest.advanceTimersByTimeAsync(15_000)
    expect(await outcome).toEqual({ type: "not_found" })
    expect(readStatus).toHaveBeenCalledTimes(4)
  })

  it("stops when aborted", async () => {
    const stop = new AbortController()
    const outcome = pollPaymentStatus(async () => status(), {
      signal: stop.signal,
    })
    await jest.advanceTimersByTimeAsync(100)
    stop.abort()
    await jest.advanceTimersByTimeAsync(0)
    expect(await outcome).toBeNull()
  })
})
