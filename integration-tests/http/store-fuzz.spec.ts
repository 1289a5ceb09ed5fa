import fc from "fast-check"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { createCart, startPaymentSession, storeHeaders } from "../helpers/store-api"

jest.setTimeout(240000)

/** Bodies and queries a careless or hostile client may send: wrong types, huge strings, nesting, arrays. */
const junkValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constant("x".repeat(20_000)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 })
)

const keyOf = (known: string[]) =>
  fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 20 }), fc.constantFrom("__proto__", "constructor", "a.b.c", "a[b]"))

const junkObject = (known: string[]) => fc.dictionary(keyOf(known), junkValue, { maxKeys: 5 })

const junkBody = (known: string[]) =>
  fc.oneof(junkObject(known), fc.jsonValue({ maxDepth: 4 }), fc.array(junkValue, { maxLength: 5 }))

/** A query as raw text: some of it is not even valid percent-encoding. */
const rawQuery = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom("cart_id=%E0%A4%A", "cart_id[]=a&cart_id[]=b", "cart_id[a][b][c]=1", "a.b.c.d=1", "&&&==", "kind=wallet&kind=card")
)

const RUNS = 40

piastrixIntegrationRunner(({ api, seed }) => {
  let cartId = ""
  let sessionIds: string[] = []

  /** Sends `body` as given when it is text or bytes, else as its JSON text (whatever the content type says). */
  const send = (method: "get" | "post", url: string, body?: unknown, headers: Record<string, string> = {}) =>
    api.request({
      method,
      url,
      data: typeof body === "string" || Buffer.isBuffer(body) || body === undefined ? body : JSON.stringify(body),
      headers: { "content-type": "application/json", ...storeHeaders(seed()).headers, ...headers },
      transformRequest: [(data) => data],
      validateStatus: () => true,
      maxRedirects: 0,
    })

  async function expectNo5xx(requests: Array<() => Promise<{ status: number; data: unknown }>>, label: string) {
    const failures: string[] = []
    for (const request of requests) {
      const res = await request()
      if (res.status >= 500) {
        failures.push(`${label}: HTTP ${res.status} ${JSON.stringify(res.data).slice(0, 200)}`)
      }
    }
    expect(failures).toEqual([])
  }

  beforeEach(async () => {
    const cart = await createCart(api, seed())
    cartId = cart.id
    const card = await startPaymentSession(api, seed(), cart, "pp_piastrix-card_piastrix", { email: "payer@example.com" })
    const other = await createCart(api, seed())
    const bank = await startPaymentSession(api, seed(), other, "pp_piastrix-bank-transfer_piastrix", {
      email: "payer@example.com",
      payway: "h2h_sbp_rub",
    })
    sessionIds = [card.session.id, bank.session.id]
  })

  it("GET /store/piastrix/directions never answers 5xx to a fuzzed query", async () => {
    const objects = fc.sample(junkObject(["cart_id", "kind"]), RUNS).map((params) => () =>
      api.get("/store/piastrix/directions", { ...storeHeaders(seed()), params, validateStatus: () => true })
    )
    const withCart = fc.sample(junkObject(["kind", "fields"]), RUNS / 2).map((params) => () =>
      api.get("/store/piastrix/directions", {
        ...storeHeaders(seed()),
        params: { ...params, cart_id: cartId },
        validateStatus: () => true,
      })
    )
    const raw = fc.sample(rawQuery, RUNS).map((q) => () => send("get", `/store/piastrix/directions?${q}`))
    await expectNo5xx([...objects, ...withCart, ...raw], "directions")
  })

  it("POST /store/piastrix/quote never answers 5xx to a fuzzed body", async () => {
    const bodies = fc.sample(junkBody(["cart_id", "payway"]), RUNS).map((body) => () => send("post", "/store/piastrix/quote", body))
    const withCart = fc.sample(junkValue, RUNS).map((payway) => () =>
      send("post", "/store/piastrix/quote", { cart_id: cartId, payway })
    )
    const texts = fc.sample(fc.string({ maxLength: 300 }), RUNS / 2).map((text) => () =>
      send("post", "/store/piastrix/quote", text, { "content-type": "application/json" })
    )
    await expectNo5xx([...bodies, ...withCart, ...texts], "quote")
  })

  it("POST /store/piastrix/card-form never answers 5xx to a fuzzed body", async () => {
    const bodies = fc.sample(junkBody(["session_id", "card_number"]), RUNS).map((body) => () =>
      send("post", "/store/piastrix/card-form", body)
    )
    const ids = fc
      .sample(fc.oneof(fc.string(), fc.constantFrom(...sessionIds), fc.string().map((s) => `payses_${s}`)), RUNS)
      .map((session_id) => () => send("post", "/store/piastrix/card-form", { session_id }))
    const forms = fc.sample(fc.string({ maxLength: 200 }), RUNS / 2).map((text) => () =>
      send("post", "/store/piastrix/card-form", text, { "content-type": "application/x-www-form-urlencoded" })
    )
    await expectNo5xx([...bodies, ...ids, ...forms], "card-form")
  })

  it("the session routes never answer 5xx to fuzzed ids and queries", async () => {
    const id = fc.oneof(
      fc.string({ minLength: 1, maxLength: 300 }).map(encodeURIComponent),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).map(encodeURIComponent),
      fc.constantFrom("%E0%A4%A", "%", "payses_%00", ...sessionIds),
      fc.string({ minLength: 1, maxLength: 40 }).map((s) => `payses_${encodeURIComponent(s)}`)
    )
    const requests = fc
      .sample(fc.tuple(id, fc.constantFrom("requisites", "receipt-status", "status"), rawQuery), RUNS * 2)
      .map(([sid, route, q]) => () => send("get", `/store/piastrix/sessions/${sid}/${route}?${q}`))
    await expectNo5xx(requests, "sessions")
  })

  it("POST /store/piastrix/sessions/:id/receipt never answers 5xx to fuzzed bodies", async () => {
    const boundary = "fuzzboundary"
    const multipart = fc
      .sample(fc.tuple(fc.uint8Array({ maxLength: 2000 }), fc.string({ maxLength: 30 }), fc.boolean()), RUNS)
      .map(([bytes, name, framed]) => () => {
        const body = framed
          ? Buffer.concat([
              Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="r.png"\r\n\r\n`),
              Buffer.from(bytes),
              Buffer.from(`\r\n--${boundary}--\r\n`),
            ])
          : Buffer.from(bytes)
        return send("post", `/store/piastrix/sessions/${sessionIds[1]}/receipt`, body, {
          "content-type": `multipart/form-data; boundary=${boundary}`,
        })
      })
    const json = fc.sample(junkBody(["file"]), RUNS / 2).map((body) => () =>
      send("post", `/store/piastrix/sessions/${sessionIds[1]}/receipt`, body)
    )
    const headers = fc.sample(fc.string({ maxLength: 80 }), RUNS / 2).map((contentType) => () =>
      send("post", `/store/piastrix/sessions/${sessionIds[1]}/receipt`, Buffer.from("abc"), {
        "content-type": contentType.replace(/[^\x20-\x7e]/g, "") || "x/y",
      })
    )
    await expectNo5xx([...multipart, ...json, ...headers], "receipt")
  })
})
