import fc from "fast-check"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { inboxRows, signedNotification, waitFor } from "../helpers/callbacks"
import {
  announceSeed,
  junkBody,
  junkObject,
  junkValue,
  leaksInternals,
  rawQuery,
  sample,
  SEED,
} from "../helpers/fuzz"
import { piastrixIntegrationRunner, TEST_SHOP_ID } from "../helpers/runner"
import {
  createCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"
import { printDatabaseActivity } from "../helpers/database-activity"

jest.setTimeout(240000)

announceSeed("store-fuzz")

const RUNS = 40
/** How long one fuzzed request may go unanswered (every route answers in well under a second when alone). */
const UNANSWERED_MS = 30_000

piastrixIntegrationRunner(({ api, seed, getContainer }) => {
  let cartId = ""
  let sessionIds: string[] = []
  let sessionAmounts: string[] = []

  /** Sends `body` as given when it is text or bytes, else as its JSON text (whatever the content type says). */
  const send = (
    method: "get" | "post",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {}
  ) =>
    api.request({
      method,
      url,
      data:
        typeof body === "string" || Buffer.isBuffer(body) || body === undefined
          ? body
          : JSON.stringify(body),
      headers: {
        "content-type": "application/json",
        ...storeHeaders(seed()).headers,
        ...headers,
      },
      transformRequest: [(data) => data],
      validateStatus: () => true,
      maxRedirects: 0,
    })

  /** Every request answered, none 5xx, and no answer carrying a stack trace or a source path. */
  async function expectNo5xxOrLeak(
    requests: Array<() => Promise<{ status: number; data: unknown }>>,
    label: string
  ) {
    const failures: string[] = []
    for (const [i, request] of requests.entries()) {
      // A request left unanswered fails the test naming it, rather than the whole test running out of time.
      let timer: NodeJS.Timeout | undefined
      const res = await Promise.race([
        request(),
        new Promise<null>((resolve) => {
          timer = setTimeout(resolve, UNANSWERED_MS, null)
        }),
      ]).finally(() => clearTimeout(timer))
      if (res === null) {
        await printDatabaseActivity(`store-fuzz: ${label} #${i} unanswered`)
        failures.push(
          `${label} #${i} (seed ${SEED}): no answer within ${UNANSWERED_MS / 1000} s`
        )
        break
      }
      if (res.status >= 500 || leaksInternals(res.data)) {
        failures.push(
          `${label} (seed ${SEED}): HTTP ${res.status} ${JSON.stringify(res.data).slice(0, 200)}`
        )
      }
    }
    expect(failures).toEqual([])
  }

  beforeEach(async () => {
    const cart = await createCart(api, seed())
    cartId = cart.id
    const card = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix-card_piastrix",
      { email: "payer@example.com" }
    )
    const other = await createCart(api, seed())
    const bank = await startPaymentSession(
      api,
      seed(),
      other,
      "pp_piastrix-bank-transfer_piastrix",
      {
        email: "payer@example.com",
        payway: "h2h_sbp_rub",
      }
    )
    sessionIds = [card.session.id, bank.session.id]
    sessionAmounts = [card.session.data.amount, bank.session.data.amount].map(
      String
    )
  })

  it("GET /store/piastrix/directions never answers 5xx or a stack trace to a fuzzed query", async () => {
    const objects = sample(
      "directions-objects",
      junkObject(["cart_id", "kind"]),
      RUNS
    ).map(
      (params) => () =>
        api.get("/store/piastrix/directions", {
          ...storeHeaders(seed()),
          params,
          validateStatus: () => true,
        })
    )
    const withCart = sample(
      "directions-with-cart",
      junkObject(["kind", "fields"]),
      RUNS / 2
    ).map(
      (params) => () =>
        api.get("/store/piastrix/directions", {
          ...storeHeaders(seed()),
          params: { ...params, cart_id: cartId },
          validateStatus: () => true,
        })
    )
    const raw = sample("directions-raw", rawQuery, RUNS).map(
      (q) => () => send("get", `/store/piastrix/directions?${q}`)
    )
    await expectNo5xxOrLeak([...objects, ...withCart, ...raw], "directions")
  })

  it("POST /store/piastrix/quote never answers 5xx or a stack trace to a fuzzed body", async () => {
    const bodies = sample(
      "quote-bodies",
      junkBody(["cart_id", "payway"]),
      RUNS
    ).map((body) => () => send("post", "/store/piastrix/quote", body))
    const withCart = sample("quote-payways", junkValue, RUNS).map(
      (payway) => () =>
        send("post", "/store/piastrix/quote", { cart_id: cartId, payway })
    )
    const texts = sample(
      "quote-texts",
      fc.string({ maxLength: 300 }),
      RUNS / 2
    ).map(
      (text) => () =>
        send("post", "/store/piastrix/quote", text, {
          "content-type": "application/json",
        })
    )
    await expectNo5xxOrLeak([...bodies, ...withCart, ...texts], "quote")
  })

  it("POST /store/piastrix/card-form never answers 5xx or a stack trace to a fuzzed body", async () => {
    const bodies = sample(
      "card-form-bodies",
      junkBody(["session_id", "card_number"]),
      RUNS
    ).map((body) => () => send("post", "/store/piastrix/card-form", body))
    const ids = sample(
      "card-form-ids",
      fc.oneof(
        fc.string(),
        fc.constantFrom(...sessionIds),
        fc.string().map((s) => `payses_${s}`)
      ),
      RUNS
    ).map(
      (session_id) => () =>
        send("post", "/store/piastrix/card-form", { session_id })
    )
    const forms = sample(
      "card-form-forms",
      fc.string({ maxLength: 200 }),
      RUNS / 2
    ).map(
      (text) => () =>
        send("post", "/store/piastrix/card-form", text, {
          "content-type": "application/x-www-form-urlencoded",
        })
    )
    await expectNo5xxOrLeak([...bodies, ...ids, ...forms], "card-form")
  })

  it("the session routes never answer 5xx or a stack trace to fuzzed ids and queries", async () => {
    const id = fc.oneof(
      fc.string({ minLength: 1, maxLength: 300 }).map(encodeURIComponent),
      fc
        .string({ unit: "grapheme", minLength: 1, maxLength: 30 })
        .map(encodeURIComponent),
      fc.constantFrom("%E0%A4%A", "%", "payses_%00", ...sessionIds),
      fc
        .string({ minLength: 1, maxLength: 40 })
        .map((s) => `payses_${encodeURIComponent(s)}`)
    )
    const requests = sample(
      "sessions",
      fc.tuple(
        id,
        fc.constantFrom("requisites", "receipt-status", "status"),
        rawQuery
      ),
      RUNS * 2
    ).map(
      ([sid, route, q]) =>
        () =>
          send("get", `/store/piastrix/sessions/${sid}/${route}?${q}`)
    )
    await expectNo5xxOrLeak(requests, "sessions")
  })

  it("POST /store/piastrix/sessions/:id/receipt never answers 5xx or a stack trace to fuzzed bodies", async () => {
    const boundary = "fuzzboundary"
    const multipart = sample(
      "receipt-multipart",
      fc.tuple(
        fc.uint8Array({ maxLength: 2000 }),
        fc.string({ maxLength: 30 }),
        fc.boolean()
      ),
      RUNS
    ).map(([bytes, name, framed]) => () => {
      const body = framed
        ? Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="r.png"\r\n\r\n`
            ),
            Buffer.from(bytes),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ])
        : Buffer.from(bytes)
      return send(
        "post",
        `/store/piastrix/sessions/${sessionIds[1]}/receipt`,
        body,
        {
          "content-type": `multipart/form-data; boundary=${boundary}`,
        }
      )
    })
    const json = sample("receipt-json", junkBody(["file"]), RUNS / 2).map(
      (body) => () =>
        send("post", `/store/piastrix/sessions/${sessionIds[1]}/receipt`, body)
    )
    const headers = sample(
      "receipt-content-types",
      fc.string({ maxLength: 80 }),
      RUNS / 2
    ).map(
      (contentType) => () =>
        send(
          "post",
          `/store/piastrix/sessions/${sessionIds[1]}/receipt`,
          Buffer.from("abc"),
          {
            "content-type": contentType.replace(/[^\x20-\x7e]/g, "") || "x/y",
          }
        )
    )
    await expectNo5xxOrLeak([...multipart, ...json, ...headers], "receipt")
  })

  describe("the callback routes", () => {
    const CALLBACK_KEYS = [
      "status",
      "shop_id",
      "shop_order_id",
      "shop_amount",
      "shop_currency",
      "payment_id",
      "sign",
      "ps_data",
    ]
    const ROUTES = [
      "/hooks/piastrix",
      "/hooks/payment/piastrix_piastrix",
      "/hooks/payment/piastrix-wallet_piastrix",
    ]

    async function orderCount() {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order", fields: ["id"] })
      return data.length
    }

    it("POST /hooks/piastrix and /hooks/payment/* never answer 5xx or a stack trace and never make an order from fuzzed callbacks", async () => {
      const route = fc.constantFrom(...ROUTES)
      const form = (fields: Record<string, unknown>) =>
        new URLSearchParams(
          Object.entries(fields).map(([k, v]) => [
            k,
            typeof v === "string" ? v : JSON.stringify(v),
          ])
        ).toString()
      const unsigned = sample(
        "callback-unsigned",
        fc.tuple(route, junkObject(CALLBACK_KEYS), fc.boolean()),
        RUNS
      ).map(
        ([url, fields, asForm]) =>
          () =>
            asForm
              ? send("post", url, form(fields), {
                  "content-type": "application/x-www-form-urlencoded",
                })
              : send("post", url, fields)
      )
      const texts = sample(
        "callback-texts",
        fc.tuple(
          route,
          fc.string({ maxLength: 300 }),
          fc.constantFrom(
            "application/json",
            "application/x-www-form-urlencoded",
            "text/plain"
          )
        ),
        RUNS / 2
      ).map(
        ([url, text, type]) =>
          () =>
            send("post", url, text, { "content-type": type })
      )
      // Correctly signed, so they pass the verifier and reach the inbox and processing: the payer never
      // paid these carts, so no amount here is theirs, and no status makes an order.
      const signed = sample(
        "callback-signed",
        fc.tuple(
          route,
          fc
            .record({
              status: fc.oneof(
                {
                  arbitrary: fc.constantFrom("success", "rejected"),
                  weight: 4,
                },
                fc.string({ maxLength: 10 })
              ),
              shop_order_id: fc.oneof(
                { arbitrary: fc.constantFrom(...sessionIds), weight: 4 },
                fc.string({ minLength: 1, maxLength: 40 })
              ),
              shop_amount: fc.oneof(
                {
                  arbitrary: fc.constantFrom(
                    "1.00",
                    "0.01",
                    "1250.49",
                    "99999.99"
                  ),
                  weight: 4,
                },
                fc.constantFrom("0", "-5", "1e3", "0.001", "abc", ""),
                fc.string({ maxLength: 8 })
              ),
              shop_currency: fc.oneof(
                { arbitrary: fc.constant("643"), weight: 4 },
                fc.constantFrom("840", "0", "abc")
              ),
              payment_id: fc.integer({ min: 1, max: 1_000_000 }).map(String),
              ps_data: fc.oneof(
                fc.constant("{}"),
                fc.string({ maxLength: 30 })
              ),
            })
            // Never what a session asked: such a notification is a real payment and rightly makes an order.
            .filter((f) => !sessionAmounts.some((a) => f.shop_amount === a)),
          fc.boolean()
        ),
        RUNS
      ).map(([url, fields, asForm]) => () => {
        const body = signedNotification({
          ...fields,
          shop_id: String(TEST_SHOP_ID),
        })
        return asForm
          ? send("post", url, form(body), {
              "content-type": "application/x-www-form-urlencoded",
            })
          : send("post", url, body)
      })
      await expectNo5xxOrLeak([...unsigned, ...texts, ...signed], "callbacks")
      // The inbox rows settle through the subscriber, after the answer.
      const settled = async () =>
        (await inboxRows(getContainer(), { state: "received" })).length === 0
      await waitFor(settled, 30000)
      expect(await orderCount()).toBe(0)
      // The signed ones got past the verifier into the inbox: the fuzz reached the processing.
      const rows = await inboxRows(getContainer())
      expect(
        rows.filter((r) => sessionIds.includes(r.shop_order_id)).length
      ).toBeGreaterThan(0)
      expect(rows.filter((r) => r.state === "received")).toEqual([])
    })
  })
})
