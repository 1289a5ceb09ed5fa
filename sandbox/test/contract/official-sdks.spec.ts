/**
 * The sandbox driven the way the service's official SDKs (Piastrix/shop-sdk-python, shop-sdk-php)
 * build their requests. Written here from their conventions, not from their code:
 * - every value is a string (Python joins the signed values with ":".join, which takes only strings;
 *   the PHP SDK signs PHP's own rendering of a value, so a float amount would sign as "10");
 * - the signed fields sorted by name, joined with ":", the secret appended, SHA-256 hex;
 * - no `email`, on any call;
 * - `now` in local time with microseconds: Python `str(datetime.now())` ("2024-05-01 14:03:07.123456"),
 *   PHP `format('Y-m-d h:i:s.u')`, whose `h` is the 12-hour clock ("2024-05-01 02:03:07.123456");
 * - a JSON body with `Content-Type: application/json`, `sign` added last.
 * Every call the SDKs make must get the answer the reference documents, with strict polling on.
 */
import { createHash } from "node:crypto"
import {
  billCreateResultSchema,
  checkAccountResultSchema,
  invoiceCreateResultSchema,
  invoiceTryResultSchema,
  shopBalanceResultSchema,
  transferCreateResultSchema,
  transferStatusResultSchema,
  withdrawRecordSchema,
  withdrawTryResultSchema,
} from "../../../src/lib/piastrix"
import { DEFAULT_INPUT_PAYWAYS } from "../../src/default-payways"
import {
  advance,
  SECRET,
  SHOP_ID,
  startTestSandbox,
  type TestSandbox,
} from "../helpers/setup"

const pad = (n: number, width = 2) => String(n).padStart(width, "0")

/** Local date and time with six fraction digits; `hours12` renders PHP's `h`. */
function localNow(hours12: boolean): string {
  const d = new Date()
  const hour = hours12 ? d.getHours() % 12 || 12 : d.getHours()
  const micros =
    pad(d.getMilliseconds(), 3) + pad(Math.floor(Math.random() * 1000), 3)
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(hour)}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${micros}`
  )
}

type SdkStyle = { name: "python" | "php"; now(): string }

const SDKS: SdkStyle[] = [
  { name: "python", now: () => localNow(false) },
  { name: "php", now: () => localNow(true) },
]

type Envelope = {
  data: any
  error_code: number
  message: string
  result: boolean
}

/** A request as the SDKs send one: string values, the listed fields signed, `sign` last. */
async function sdkPost(
  url: string,
  path: string,
  fields: Record<string, string | object>,
  signed: string[]
): Promise<Envelope> {
  const joined = [...signed]
    .sort()
    .map((key) => fields[key] as string)
    .join(":")
  const body = {
    ...fields,
    sign: createHash("sha256")
      .update(joined + SECRET, "utf8")
      .digest("hex"),
  }
  const res = await fetch(url + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as Envelope
}

/** The answer the reference documents: `result: true`, `error_code: 0`, and `data` of the documented shape. */
function expectDocumented(
  reply: Envelope,
  schema: { safeParse(data: unknown): { success: boolean; error?: unknown } }
) {
  expect(reply).toMatchObject({ result: true, error_code: 0 })
  const parsed = schema.safeParse(reply.data)
  expect(parsed.error).toBeUndefined()
}

describe.each(SDKS)(
  "the sandbox, driven as the official $name SDK drives the service",
  (sdk) => {
    let t: TestSandbox
    const shopId = String(SHOP_ID)
    const call = (
      path: string,
      fields: Record<string, string | object>,
      signed: string[]
    ) => sdkPost(t.running.url, path, { ...fields }, signed)
    const id = (what: string) => `${sdk.name}-${what}`

    beforeAll(async () => {
      t = await startTestSandbox({ fidelity: { strictPolling: true } })
    })
    afterAll(() => t.close())

    it("check_balance: /shop_balance", async () => {
      const reply = await call(
        "/shop_balance",
        { now: sdk.now(), shop_id: shopId },
        ["now", "shop_id"]
      )
      expectDocumented(reply, shopBalanceResultSchema)
      expect(reply.data.shop_id).toBe(SHOP_ID)
    })

    it("bill: /bill/create", async () => {
      const fields = {
        payer_currency: "643",
        shop_amount: "23.15",
        shop_currency: "643",
        shop_id: shopId,
        shop_order_id: id("bill"),
      }
      const reply = await call("/bill/create", fields, [
        "payer_currency",
        "shop_amount",
        "shop_currency",
        "shop_id",
        "shop_order_id",
      ])
      expectDocumented(reply, billCreateResultSchema)
      expect(reply.data).toMatchObject({
        shop_order_id: id("bill"),
        shop_amount: 23.15,
        url: expect.any(String),
      })
    })

    const invoiceSigned = [
      "amount",
      "currency",
      "shop_id",
      "payway",
      "shop_order_id",
    ]

    it("invoice_try: /invoice/try", async () => {
      const fields = {
        amount: "100.00",
        currency: "643",
        shop_id: shopId,
        payway: "card_rub",
        shop_order_id: id("try"),
      }
      expectDocumented(
        await call("/invoice/try", fields, invoiceSigned),
        invoiceTryResultSchema
      )
    })

    const invoicePayways = DEFAULT_INPUT_PAYWAYS.filter(
      (p) => p.kind !== "wallet" && p.active !== false
    )

    it.each(invoicePayways.map((p) => [p.alias, p]))(
      "invoice: /invoice/create without email, payway %s",
      async (alias, p) => {
        const fields = {
          amount: String(p.min),
          currency: String(p.currency),
          shop_id: shopId,
          payway: alias,
          shop_order_id: id(`invoice-${alias}`),
          description: "Order 42",
        }
        const reply = await call("/invoice/create", fields, invoiceSigned)
        expectDocumented(reply, invoiceCreateResultSchema)
        expect(reply.data).toEqual({
          id: expect.any(Number),
          method: expect.any(String),
          url: expect.any(String),
          data: expect.any(Object),
        })
      }
    )

    it("transfer and transfer_status: /transfer/create, /transfer/shop_payment_status", async () => {
      const fields = {
        amount: "10.00",
        amount_type: "receive_amount",
        payee_account: "123456789012",
        payee_currency: "643",
        shop_currency: "643",
        shop_id: shopId,
        shop_payment_id: id("transfer"),
      }
      const created = await call("/transfer/create", fields, [
        "amount",
        "amount_type",
        "payee_account",
        "payee_currency",
        "shop_currency",
        "shop_id",
        "shop_payment_id",
      ])
      expectDocumented(created, transferCreateResultSchema)
      const status = await call(
        "/transfer/shop_payment_status",
        { now: sdk.now(), shop_id: shopId, shop_payment_id: id("transfer") },
        ["now", "shop_id", "shop_payment_id"]
      )
      expectDocumented(status, transferStatusResultSchema)
      expect(status.data).toMatchObject({
        id: created.data.id,
        shop_payment_id: id("transfer"),
      })
    })

    it("withdraw_try, check_account, withdraw, withdraw_id and shop_payment_id, a minute apart", async () => {
      const quote = {
        amount: "150.00",
        amount_type: "ps_amount",
        payway: "card_rub",
        shop_currency: "643",
        shop_id: shopId,
      }
      expectDocumented(
        await call("/withdraw/try", quote, [
          "amount",
          "amount_type",
          "payway",
          "shop_currency",
          "shop_id",
        ]),
        withdrawTryResultSchema
      )
      const account = {
        account: "4111111111111111",
        amount: "150.00",
        payway: "card_rub",
        shop_id: shopId,
      }
      expectDocumented(
        await call("/check_account", account, [
          "account",
          "amount",
          "payway",
          "shop_id",
        ]),
        checkAccountResultSchema
      )

      const created = await call(
        "/withdraw/create",
        {
          account: "4111111111111111",
          ...quote,
          shop_payment_id: id("withdraw"),
        },
        [
          "account",
          "amount",
          "amount_type",
          "payway",
          "shop_currency",
          "shop_id",
          "shop_payment_id",
        ]
      )
      expectDocumented(created, withdrawRecordSchema)
      expect(created.data).toMatchObject({
        shop_payment_id: id("withdraw"),
        status: expect.any(Number),
      })

      const byId = await call(
        "/withdraw/status",
        {
          now: sdk.now(),
          shop_id: shopId,
          withdraw_id: String(created.data.id),
        },
        ["now", "shop_id", "withdraw_id"]
      )
      expectDocumented(byId, withdrawRecordSchema)
      // The reference allows one payout status a minute, whichever identifier asks.
      await advance(t.client, 60_000)
      const byShopId = await call(
        "/withdraw/shop_payment_status",
        { now: sdk.now(), shop_id: shopId, shop_payment_id: id("withdraw") },
        ["now", "shop_id", "shop_payment_id"]
      )
      expectDocumented(byShopId, withdrawRecordSchema)
      expect(byShopId.data).toMatchObject({ id: created.data.id, status: 5 })
    })

    it("made no call the reference's polling limits refuse", async () => {
      expect(
        (await t.client.control("GET", "/violations")).body.violations
      ).toEqual([])
    })
  }
)
