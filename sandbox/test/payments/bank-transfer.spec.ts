import { now, startCallbackReceiver } from "../helpers/reference-client"
import { advance, startTestSandbox, type TestSandbox } from "../helpers/setup"

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")
const PDF = Buffer.from("%PDF-1.7\n%âãÏÓ\n", "latin1")
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from("ftypheic0000mif1heic", "latin1"),
])

function multipart(
  file: Buffer,
  filename: string,
  type = "application/octet-stream",
  field = "file"
) {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(file)], { type }), filename)
  return form
}

describe("sandbox bank-transfer host-to-host payments and receipts", () => {
  let t: TestSandbox
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>
  beforeAll(async () => {
    t = await startTestSandbox({ timing: { requisitesDelayMs: 3000 } })
    receiver = await startCallbackReceiver()
  })
  afterAll(async () => {
    await t.close()
    await receiver.close()
  })

  const check = (order: string) =>
    t.client.call("/invoice/check", { now: now(), shop_order_id: order })

  async function createTransfer(order: string, payway = "h2h_sbp_rub") {
    const created = await t.client.call("/invoice/create", {
      amount: "1000.00",
      currency: 643,
      payway,
      shop_order_id: order,
      callback_url: `${receiver.url}/ok`,
    })
    expect(created.data).toEqual({
      id: expect.any(Number),
      method: payway.split("_")[1],
      url: "",
      data: {},
    })
    return created.data
  }

  it("assigns requisites only after a delay, with receipt addresses under the same base URL", async () => {
    await createTransfer("bt-requisites")
    expect((await check("bt-requisites")).data.ps_data).toEqual({})
    await advance(t.client, 3000)
    const { ps_data } = (await check("bt-requisites")).data
    expect(ps_data).toMatchObject({
      amount: 1000,
      method: "sbp",
      bank: expect.any(String),
      phone: expect.any(String),
      card: "",
      card_holder_name: expect.any(String),
      currency: "643",
      expired: expect.stringMatching(/^\d+\.\d+$/),
      receipt_url: expect.stringMatching(
        new RegExp(`^${t.running.url}/api/v1/order/[0-9a-f-]{36}/receipt$`)
      ),
      receipt_status_url: expect.stringMatching(/\/receipt\/status$/),
      receipt_web: expect.stringContaining(t.running.url),
    })
  })

  it("gives QR requisites for the qr method", async () => {
    await createTransfer("bt-qr", "h2h_qr_rub")
    await advance(t.client, 3000)
    expect((await check("bt-qr")).data.ps_data).toMatchObject({
      method: "qr",
      qr_data: expect.any(String),
      url: expect.any(String),
    })
  })

  it("accepts a payer's receipt recognised by content and lists it with its status", async () => {
    await createTransfer("bt-receipt", "h2h_bank_rub")
    await advance(t.client, 3000)
    const { receipt_url, receipt_status_url } = (await check("bt-receipt")).data
      .ps_data
    // A PNG named .txt is accepted: the type comes from the content, not the name.
    const upload = await fetch(receipt_url, {
      method: "POST",
      body: multipart(PNG, "receipt.txt"),
    })
    expect(upload.status).toBe(202)
    expect(await upload.json()).toBeNull()
    expect(
      (
        await fetch(receipt_url, {
          method: "POST",
          body: multipart(PDF, "r.pdf"),
        })
      ).status
    ).toBe(202)
    expect(
      (
        await fetch(receipt_url, {
          method: "POST",
          body: multipart(HEIC, "r.heic"),
        })
      ).status
    ).toBe(202)
    // The sandbox recognises types with the client's detector, so both name a HEIC file alike.
    const order =
      t.running.sandbox.store.latestPaymentOfOrder("bt-receipt")!.receiptOrderId
    expect(
      t.running.sandbox.store.receiptsOf(order!).map((r) => r.contentType)
    ).toEqual(["image/png", "application/pdf", "image/heic"])

    const list = await (await fetch(receipt_status_url)).json()
    expect(list).toEqual([
      { id: expect.any(String), status: "pending", comment: null },
      { id: expect.any(String), status: "pending", comment: null },
      { id: expect.any(String), status: "pending", comment: null },
    ])
    const set = await t.client.control(
      "POST",
      `/receipts/${list[0].id}/status`,
      { status: "rejected", comment: "blurry" }
    )
    expect(set.status).toBe(200)
    expect((await (await fetch(receipt_status_url)).json())[0]).toEqual({
      id: list[0].id,
      status: "rejected",
      comment: "blurry",
    })
  })

  it("refuses a receipt whose content is not an allowed type, even named .jpg, with 400 and detail", async () => {
    await createTransfer("bt-bad-type")
    await advance(t.client, 3000)
    const { receipt_url } = (await check("bt-bad-type")).data.ps_data
    const res = await fetch(receipt_url, {
      method: "POST",
      body: multipart(Buffer.from("GIF89a........"), "photo.jpg", "image/jpeg"),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ detail: expect.any(String) })
  })

  it("refuses a receipt over 10 MB with 400 and detail", async () => {
    await createTransfer("bt-big")
    await advance(t.client, 3000)
    const { receipt_url } = (await check("bt-big")).data.ps_data
    const big = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(10 * 1024 * 1024),
    ])
    const res = await fetch(receipt_url, {
      method: "POST",
      body: multipart(big, "big.jpg"),
    })
    expect(res.status).toBe(400)
    expect((await res.json()).detail).toMatch(/10 MB/)
  })

  it("takes a receipt of exactly 10 MB, the largest the reference allows", async () => {
    await createTransfer("bt-10mb")
    await advance(t.client, 3000)
    const { receipt_url } = (await check("bt-10mb")).data.ps_data
    const exact = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(10 * 1024 * 1024 - 4),
    ])
    const res = await fetch(receipt_url, {
      method: "POST",
      body: multipart(exact, "exact.jpg"),
    })
    expect(res.status).toBe(202)
  })

  it("answers 422 with the reference's detail array for an id that is not a UUID", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/order/not-a-uuid/receipt/status"],
      ["POST", "/api/v1/order/not-a-uuid/receipt"],
    ]) {
      const res = await fetch(t.running.url + path, {
        method,
        body: method === "POST" ? multipart(PNG, "a.png") : undefined,
      })
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({
        detail: [
          {
            loc: ["path", "id"],
            msg: expect.any(String),
            type: expect.any(String),
            input: "not-a-uuid",
          },
        ],
      })
    }
  })

  it("settles a confirmed transfer to status 4 with shop_original_amount when the payer sent another amount", async () => {
    const created = await createTransfer("bt-confirm")
    await advance(t.client, 3000)
    const res = await t.client.control(
      "POST",
      `/payments/${created.id}/confirm-transfer`,
      { amount: "990.00" }
    )
    expect(res.status).toBe(200)
    const record = (await check("bt-confirm")).data
    expect(record).toMatchObject({
      status: 4,
      shop_amount: 990,
      shop_original_amount: 1000,
    })
    await receiver.waitFor(1)
    const n = receiver.received.find(
      (c) => c.fields.shop_order_id === "bt-confirm"
    )!
    expect(n.fields).toMatchObject({
      status: "success",
      shop_amount: "990.00",
      shop_original_amount: "1000.00",
    })
  })

  it("can answer a suggested amount when no requisites exist for the requested one", async () => {
    const created = await createTransfer("bt-suggested")
    await t.client.control("POST", `/payments/${created.id}/requisites`, {
      suggested_amount: "1003.00",
    })
    expect((await check("bt-suggested")).data.ps_data).toMatchObject({
      suggested_amount: "1003.00",
    })
  })
})
