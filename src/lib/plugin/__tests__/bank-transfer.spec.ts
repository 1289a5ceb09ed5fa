import {
  PiastrixApiError,
  PiastrixErrorCode,
  PollingGuard,
  type PiastrixClient,
} from "../../piastrix"
import { bankTransferView, requisitesOf } from "../bank-transfer"

const PS_DATA = {
  method: "bank",
  amount: 1250.5,
  currency: "643",
  card: "2200000000000004",
  card_holder_name: "IVAN SANDBOXOV",
  bank: "",
  expired: "1764100000.000000",
  receipt_url: "https://sandbox.test/api/v1/order/abc-1/receipt",
  receipt_status_url: "https://sandbox.test/api/v1/order/abc-1/receipt/status",
  receipt_web: "https://sandbox.test/receipt/abc-1",
}

function fakeClient(invoiceCheck: () => Promise<unknown>) {
  const client = {
    invoiceCheck: jest.fn(invoiceCheck),
    receiptStatus: jest.fn(async () => [
      { id: "r1", status: "rejected", comment: "unreadable" },
      { id: "r2", status: "pending" },
    ]),
  }
  return client as typeof client & PiastrixClient
}

describe("requisitesOf", () => {
  it("shows where the money goes, never the receipt API addresses, and nothing before requisites are assigned", () => {
    const shown = requisitesOf(PS_DATA as any)
    expect(shown).toMatchObject({
      card: "2200000000000004",
      amount: "1250.5",
      bank: null,
      phone: null,
    })
    expect(JSON.stringify(shown)).not.toMatch(/api\/v1\/order/)
    expect(requisitesOf({ method: "bank", amount: 10 } as any)).toBeNull()
    expect(requisitesOf(null)).toBeNull()
  })
})

describe("bankTransferView", () => {
  it("reads the status once inside the polling window, with the currency by its alpha code and the receipts' reviews", async () => {
    const client = fakeClient(async () => ({
      payment_id: 1,
      shop_amount: "1250.50",
      shop_currency: 643,
      shop_order_id: "payses_1",
      status: 2,
      ps_data: PS_DATA,
    }))
    const piastrix = { client, guard: new PollingGuard() }

    const first = await bankTransferView(piastrix, "payses_1")
    const second = await bankTransferView(piastrix, "payses_1")

    expect(first).toMatchObject({
      requisites: { card: "2200000000000004", currency: "RUB" },
      receipts: [
        { id: "r1", status: "rejected", comment: "unreadable" },
        { id: "r2", status: "pending", comment: null },
      ],
      reused: false,
    })
    expect(second.reused).toBe(true)
    expect(client.invoiceCheck).toHaveBeenCalledTimes(1)
    expect(client.receiptStatus).toHaveBeenCalledWith({
      receipt_base_url: "https://sandbox.test",
      order_id: "abc-1",
    })
  })

  it("has no requisites and no receipts for a payment the service does not hold, and throws when it cannot be asked", async () => {
    const absent = fakeClient(async () => {
      throw new PiastrixApiError({
        endpoint: "/invoice/check",
        errorCode: PiastrixErrorCode.OPERATION_NOT_FOUND,
        message: "not found",
        httpStatus: 200,
      })
    })
    expect(
      await bankTransferView(
        { client: absent, guard: new PollingGuard() },
        "payses_2"
      )
    ).toEqual({
      requisites: null,
      receipts: [],
      checked_at: null,
      reused: false,
    })
    expect(absent.receiptStatus).not.toHaveBeenCalled()

    const down = fakeClient(async () => {
      throw new Error("socket hang up")
    })
    await expect(
      bankTransferView({ client: down, guard: new PollingGuard() }, "payses_3")
    ).rejects.toThrow("socket hang up")
  })
})
