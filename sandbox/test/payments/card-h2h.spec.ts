import { now, startCallbackReceiver } from "../helpers/reference-client"
import { startTestSandbox, type TestSandbox } from "../helpers/setup"

describe("sandbox card host-to-host payments", () => {
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

  async function startCardPayment(order: string) {
    const created = await t.client.call("/invoice/create", {
      amount: "500.00",
      currency: 643,
      payway: "h2h_card_rub",
      shop_order_id: order,
      callback_url: `${receiver.url}/ok`,
      callback_rejected_url: `${receiver.url}/rejected`,
      success_url: "https://shop.example/ok",
      failed_url: "https://shop.example/failed",
    })
    expect(created.data.data.session_id).toEqual(expect.any(String))
    const h2h = await fetch(`${t.running.url}/h2h_data`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ session_id: created.data.data.session_id }),
    }).then((r) => r.json())
    expect(h2h).toMatchObject({
      result: true,
      data: {
        form_token: expect.any(String),
        payform_url: `${t.running.url}/payform`,
      },
    })
    return {
      sessionId: created.data.data.session_id as string,
      ...(h2h.data as { form_token: string; payform_url: string }),
    }
  }

  const postCard = (payformUrl: string, fields: Record<string, string>) =>
    fetch(payformUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    })

  const card = (
    s: { sessionId: string; form_token: string },
    number = "4111111111111111"
  ) => ({
    card_number: number,
    expiry_month: "12",
    expiry_year: String(new Date().getUTCFullYear() + 2),
    cvv: "123",
    card_holder: "IVAN IVANOV",
    form_token: s.form_token,
    session_id: s.sessionId,
  })

  function threeDsUrl(html: string): string {
    const action = /action="([^"]+)"/.exec(html)
    expect(action).not.toBeNull()
    return action![1]
  }

  it("pays after the card form and the right 3-D Secure code, redirecting to the success address", async () => {
    const s = await startCardPayment("card-ok")
    const form = await postCard(s.payform_url, card(s))
    expect(form.status).toBe(200)
    const html = await form.text()
    expect(html).not.toContain("4111111111111111")
    const acs = threeDsUrl(html)
    expect(await (await fetch(acs)).text()).toContain("411111XXXXXX1111")
    const confirm = await fetch(acs, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "code=123456",
      redirect: "manual",
    })
    expect(confirm.headers.get("location")).toBe("https://shop.example/ok")
    const check = await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "card-ok",
    })
    expect(check.data).toMatchObject({
      status: 4,
      ps_data: { ps_payer_account: "411111XXXXXX1111" },
    })
    await receiver.waitFor(1)
  })

  it("fails the payment on a wrong 3-D Secure code, redirecting to the failure address", async () => {
    const s = await startCardPayment("card-wrong-code")
    const acs = threeDsUrl(
      await (await postCard(s.payform_url, card(s))).text()
    )
    const confirm = await fetch(acs, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "code=000000",
      redirect: "manual",
    })
    expect(confirm.headers.get("location")).toBe("https://shop.example/failed")
    const check = await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "card-wrong-code",
    })
    expect(check.data.status).toBe(3)
  })

  it("fails a card the issuer declines even with the right code", async () => {
    const s = await startCardPayment("card-declined")
    const acs = threeDsUrl(
      await (await postCard(s.payform_url, card(s, "4000000000000002"))).text()
    )
    const confirm = await fetch(acs, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "code=123456",
      redirect: "manual",
    })
    expect(confirm.headers.get("location")).toBe("https://shop.example/failed")
  })

  it("refuses an invalid card number and a foreign form token without taking the payment", async () => {
    const s = await startCardPayment("card-invalid")
    const invalid = await postCard(s.payform_url, card(s, "4111111111111112"))
    expect(invalid.status).toBe(400)
    expect(await invalid.text()).toContain("card_number")
    const foreign = await postCard(s.payform_url, {
      ...card(s),
      form_token: "not-the-token",
    })
    expect(foreign.status).toBe(400)
    const check = await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "card-invalid",
    })
    expect(check.data.status).toBe(1)
  })

  it("answers /h2h_data for an unknown session with an error envelope", async () => {
    const res = await fetch(`${t.running.url}/h2h_data`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ session_id: "nope" }),
    }).then((r) => r.json())
    expect(res).toMatchObject({ result: false, data: null, error_code: 7 })
  })
})
