import {
  callbackSign,
  now,
  startCallbackReceiver,
} from "../helpers/reference-client"
import { SECRET, startTestSandbox, type TestSandbox } from "../helpers/setup"

describe("sandbox payments other than wallet (/invoice)", () => {
  let t: TestSandbox
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>
  beforeAll(async () => {
    t = await startTestSandbox()
    receiver = await startCallbackReceiver()
  })
  afterAll(async () => {
    await t.close()
    await receiver.close()
  })

  const create = (order: string, extra: Record<string, string | number> = {}) =>
    t.client.call("/invoice/create", {
      amount: "100.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: order,
      email: "payer@example.com",
      callback_url: `${receiver.url}/ok`,
      callback_rejected_url: `${receiver.url}/rejected`,
      success_url: "https://shop.example/success",
      failed_url: "https://shop.example/failed",
      ...extra,
    })

  it("quotes a payment with the payer's commission and the payway's details", async () => {
    const res = await t.client.call("/invoice/try", {
      amount: "100.00",
      currency: 643,
      payway: "qiwi_rub",
      shop_order_id: "q-1",
    })
    expect(res).toMatchObject({ result: true, error_code: 0, message: "Ok" })
    expect(res.data).toMatchObject({
      payer_fee: 1,
      payer_price: 101,
      ps_currency: 643,
      paymethod_name: "Qiwi",
    })
    expect(res.data.add_ons_config.phone).toMatchObject({
      regex: expect.any(String),
      label: { en: "Phone" },
    })
  })

  it("refuses an amount below the payway's minimum with error 4 naming the minimum", async () => {
    for (const path of ["/invoice/try", "/invoice/create"]) {
      const res = await t.client.call(path, {
        amount: "5.00",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "small",
        email: "a@b.c",
      })
      expect(res).toEqual({
        data: null,
        error_code: 4,
        message: expect.stringContaining("10.00"),
        result: false,
      })
    }
  })

  it("refuses an amount above the payway's maximum with error 5", async () => {
    const res = await t.client.call("/invoice/try", {
      amount: "150000.01",
      currency: 643,
      payway: "card_rub",
      shop_order_id: "big",
    })
    expect(res).toMatchObject({
      result: false,
      error_code: 5,
      message: expect.stringContaining("150000.00"),
    })
  })

  it("refuses an unknown payway with error 1 and an inactive one with error 3", async () => {
    const unknown = await t.client.call("/invoice/try", {
      amount: "100.00",
      currency: 643,
      payway: "nope_rub",
      shop_order_id: "p",
    })
    const inactive = await t.client.call("/invoice/try", {
      amount: "100.00",
      currency: 643,
      payway: "yamoney_rub",
      shop_order_id: "p",
    })
    expect(unknown).toMatchObject({
      result: false,
      error_code: 1,
      message: expect.stringContaining("nope_rub"),
    })
    expect(inactive).toMatchObject({
      result: false,
      error_code: 3,
      message: expect.stringContaining("yamoney_rub"),
    })
  })

  it("refuses a shop_order_id or description longer than 255 characters, naming the field", async () => {
    const longOrder = await create("x".repeat(256))
    const longDescription = await create("desc", {
      description: "d".repeat(256),
    })
    expect(longOrder).toMatchObject({
      result: false,
      error_code: 10,
      message: expect.stringContaining("shop_order_id"),
    })
    expect(longDescription).toMatchObject({
      result: false,
      error_code: 10,
      message: expect.stringContaining("description"),
    })
    expect((await create("y".repeat(255))).result).toBe(true)
  })

  it("refuses an amount with more digits than the currency has", async () => {
    const res = await create("digits", { amount: "100.001" })
    expect(res).toMatchObject({
      result: false,
      error_code: 10,
      message: expect.stringContaining("amount"),
    })
  })

  it("creates a GET redirect payment whose page the payer pays on, then reports status 4 and notifies the shop", async () => {
    const created = await create("inv-paid")
    expect(created.data).toMatchObject({
      id: expect.any(Number),
      method: "GET",
      data: { lang: "en" },
    })
    const check = await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "inv-paid",
    })
    expect(check.data).toMatchObject({
      status: 1,
      is_unique: true,
      shop_amount: 100,
      shop_refund: 97.5,
      processed: null,
    })

    const pageHtml = await (await fetch(created.data.url)).text()
    expect(pageHtml).toContain("inv-paid")
    const pay = await fetch(`${created.data.url}/pay`, {
      method: "POST",
      redirect: "manual",
    })
    expect(pay.status).toBe(303)
    expect(pay.headers.get("location")).toBe("https://shop.example/success")

    const paid = await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "inv-paid",
    })
    expect(paid.data).toMatchObject({
      status: 4,
      client_price: 100,
      processed: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    })

    await receiver.waitFor(1)
    const notification = receiver.received.find(
      (n) => n.fields.shop_order_id === "inv-paid"
    )!
    expect(notification.path).toBe("/ok")
    expect(notification.contentType).toBe("application/x-www-form-urlencoded")
    expect(notification.fields).toMatchObject({
      status: "success",
      shop_id: "5",
      shop_amount: "100.00",
      shop_currency: "643",
      shop_refund: "97.50",
      payway: "card_rub",
      payment_id: String(created.data.id),
    })
    expect(notification.fields.sign).toBe(
      callbackSign(notification.fields, SECRET)
    )
  })

  it("sends a POST payway's payer to a page that accepts the posted form", async () => {
    const created = await t.client.call("/invoice/create", {
      amount: "10.00",
      currency: 840,
      payway: "card_usd",
      shop_order_id: "inv-post",
      email: "payer@example.com",
    })
    expect(created.data).toMatchObject({
      method: "POST",
      data: { order: expect.any(String) },
    })
    const res = await fetch(created.data.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(created.data.data).toString(),
    })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain("Pay")
  })

  it("fails a payment from its page, redirects to the failure address and sends the rejection", async () => {
    const created = await create("inv-failed")
    const fail = await fetch(`${created.data.url}/fail`, {
      method: "POST",
      redirect: "manual",
    })
    expect(fail.headers.get("location")).toBe("https://shop.example/failed")
    const check = await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "inv-failed",
    })
    expect(check.data.status).toBe(3)
    await receiver.waitFor(2)
    const rejected = receiver.received.find(
      (n) => n.fields.shop_order_id === "inv-failed"
    )!
    expect(rejected.path).toBe("/rejected")
    expect(rejected.fields.status).toBe("rejected")
    expect(rejected.fields.sign).toBe(callbackSign(rejected.fields, SECRET))
    const again = await fetch(`${created.data.url}/pay`, {
      method: "POST",
      redirect: "manual",
    })
    expect(again.status).toBe(409)
  })

  it("reports the last payment of a reused shop_order_id with is_unique false", async () => {
    await create("dup")
    const second = await create("dup", { amount: "200.00" })
    const check = await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "dup",
    })
    expect(check.data).toMatchObject({
      is_unique: false,
      payment_id: second.data.id,
      shop_amount: 200,
    })
  })

  it("answers error 7 for the status of an order it never saw", async () => {
    const res = await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "never",
    })
    expect(res).toMatchObject({ result: false, error_code: 7, data: null })
  })

  it("creates a redirect payment without the payer's e-mail, as the official SDKs send it", async () => {
    const res = await t.client.call("/invoice/create", {
      amount: "100.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: "no-mail",
    })
    expect(res).toMatchObject({ result: true, error_code: 0 })
  })
})

describe("sandbox shop settings", () => {
  it("sends notifications and payers to the shop settings' addresses over the request's", async () => {
    const settingsReceiver = await startCallbackReceiver()
    const requestReceiver = await startCallbackReceiver()
    const t = await startTestSandbox({
      settings: {
        callbackUrl: `${settingsReceiver.url}/settings`,
        successUrl: "https://settings.example/ok",
      },
    })
    try {
      const created = await t.client.call("/invoice/create", {
        amount: "100.00",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "settings-1",
        email: "payer@example.com",
        callback_url: `${requestReceiver.url}/request`,
        success_url: "https://request.example/ok",
      })
      const pay = await fetch(`${created.data.url}/pay`, {
        method: "POST",
        redirect: "manual",
      })
      expect(pay.headers.get("location")).toBe("https://settings.example/ok")
      await settingsReceiver.waitFor(1)
      expect(settingsReceiver.received[0].path).toBe("/settings")
      expect(requestReceiver.received).toHaveLength(0)
    } finally {
      await t.close()
      await settingsReceiver.close()
      await requestReceiver.close()
    }
  })
})
