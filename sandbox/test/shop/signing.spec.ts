import { startSandbox } from "../../src"
import { DEFAULT_INPUT_PAYWAYS } from "../../src/default-payways"
import { ReferenceClient, now, sign, SIGNED } from "../helpers/reference-client"
import {
  PAYEER,
  SECRET,
  SHOP_ID,
  startTestSandbox,
  type TestSandbox,
} from "../helpers/setup"

describe("sandbox signature checking (a client written from the reference alone)", () => {
  let t: TestSandbox
  beforeAll(async () => {
    t = await startTestSandbox({
      inputPayways: [...DEFAULT_INPUT_PAYWAYS, PAYEER],
    })
  })
  afterAll(() => t.close())

  it("accepts the published wallet payment example, signed as the service's documentation shows", async () => {
    const body = {
      payer_currency: 643,
      shop_amount: "23.15",
      shop_currency: 643,
      shop_id: 5,
      shop_order_id: 123456,
    }
    const signature = sign(body, SIGNED["/bill/create"], SECRET)
    expect(signature).toBe(
      "091ee6f0bce195a508231ee0d62d7645bd0b38b63e22bde78046b277d6988045"
    )
    const res = await t.client.postJson(
      "/bill/create",
      JSON.stringify({ ...body, sign: signature })
    )
    expect(res).toMatchObject({ result: true, error_code: 0, message: "Ok" })
    expect(res.data).toMatchObject({
      shop_order_id: "123456",
      shop_amount: 23.15,
      shop_currency: 643,
      shop_id: 5,
    })
  })

  it("accepts the published payment example with an unsigned description", async () => {
    const body = {
      amount: "12.34",
      currency: "643",
      payway: "payeer_rub",
      shop_id: "5",
      shop_order_id: 4126,
      description: "Test invoice",
      email: "payer@example.com",
    }
    const signature = sign(body, SIGNED["/invoice/create"], SECRET)
    expect(signature).toBe(
      "9cf003e3ad9da90ff00b06349b677261d5539f7e0540fb976c45537a141222c1"
    )
    const res = await t.client.postJson(
      "/invoice/create",
      JSON.stringify({ ...body, sign: signature })
    )
    expect(res.result).toBe(true)
    expect(res.data).toMatchObject({
      method: "GET",
      url: expect.stringContaining(t.running.url),
    })
  })

  it("rejects a wrong signature on payment endpoints with code 10 naming the sign", async () => {
    const res = await t.client.postJson(
      "/invoice/check",
      JSON.stringify({
        now: now(),
        shop_id: SHOP_ID,
        shop_order_id: "x",
        sign: "0".repeat(64),
      })
    )
    expect(res).toEqual({
      data: null,
      error_code: 10,
      message: expect.stringContaining("sign"),
      result: false,
    })
  })

  it("rejects a missing signature like a wrong one", async () => {
    const res = await t.client.postJson(
      "/shop_balance",
      JSON.stringify({ now: now(), shop_id: SHOP_ID })
    )
    expect(res).toMatchObject({
      result: false,
      error_code: 10,
      message: expect.stringContaining("sign"),
    })
  })

  it("answers code 1 for a bad signature on the wallet endpoints, as the reference says", async () => {
    const bill = await t.client.postJson(
      "/bill/shop_order_status",
      JSON.stringify({
        now: now(),
        shop_id: SHOP_ID,
        shop_order_id: "x",
        sign: "bad",
      })
    )
    expect(bill).toMatchObject({
      result: false,
      error_code: 1,
      message: expect.stringMatching(/invalid sign/i),
    })
    const transfer = await t.client.postJson(
      "/transfer/shop_payment_status",
      JSON.stringify({
        now: now(),
        shop_id: SHOP_ID,
        shop_payment_id: "x",
        sign: "bad",
      })
    )
    expect(transfer).toMatchObject({ result: false, error_code: 1 })
  })

  it("signs a JSON number as the body wrote it: 10.00 is not 10.0 or 10", async () => {
    const base = {
      currency: 643,
      payway: "card_rub",
      shop_id: SHOP_ID,
      shop_order_id: "float-1",
      email: "a@b.c",
    }
    const signedAs = (text: string) =>
      sign({ ...base, amount: text }, SIGNED["/invoice/try"], SECRET)
    const body = (amountText: string, signedText: string) =>
      `{"amount": ${amountText}, "currency": 643, "payway": "card_rub", "shop_id": ${SHOP_ID}, "shop_order_id": "float-1", "sign": "${signedAs(signedText)}"}`
    expect(
      (await t.client.postJson("/invoice/try", body("10.00", "10.00"))).result
    ).toBe(true)
    expect(
      (await t.client.postJson("/invoice/try", body("10.00", "10"))).error_code
    ).toBe(10)
    expect(
      (await t.client.postJson("/invoice/try", body("10.00", "10.0")))
        .error_code
    ).toBe(10)
  })

  it("does not sign the e-mail of a payout", async () => {
    const res = await t.client.call("/withdraw/create", {
      account: "4111111111111111",
      amount: "150.00",
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: 643,
      shop_payment_id: "sign-email",
      email: "payee@example.com",
    })
    expect(res).toMatchObject({ result: true, data: { status: 3 } })
  })

  it("answers code 11 for an unknown shop", async () => {
    const body: Record<string, string | number> = { now: now(), shop_id: 999 }
    body.sign = sign(body, SIGNED["/shop_balance"], SECRET)
    const res = await t.client.postJson("/shop_balance", JSON.stringify(body))
    expect(res).toMatchObject({
      result: false,
      error_code: 11,
      message: "Shop (id = 999) is not found",
    })
  })

  it("names a missing signed field with code 10", async () => {
    const res = await t.client.postJson(
      "/invoice/check",
      JSON.stringify({ shop_id: SHOP_ID, now: now(), sign: "x" })
    )
    expect(res).toMatchObject({
      result: false,
      error_code: 10,
      message: expect.stringContaining("shop_order_id"),
    })
  })

  it("answers code 10 for a body that is not JSON", async () => {
    const res = await t.client.postJson("/invoice/check", "shop_id=5")
    expect(res).toMatchObject({ result: false, error_code: 10, data: null })
  })

  it("needs no signature on /check_status", async () => {
    const res = await fetch(`${t.running.url}/check_status`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: "OK" })
  })
})

describe("sandbox shop identity", () => {
  it("uses the shop id and secret it was started with", async () => {
    const running = await startSandbox({ shopId: 77, secret: "other-secret" })
    try {
      const good = await new ReferenceClient(
        running.url,
        77,
        "other-secret"
      ).call("/shop_balance", { now: now() })
      const bad = await new ReferenceClient(running.url, 77, SECRET).call(
        "/shop_balance",
        { now: now() }
      )
      expect(good.result).toBe(true)
      expect(bad.error_code).toBe(10)
    } finally {
      await running.close()
    }
  })
})
