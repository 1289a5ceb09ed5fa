import http from "node:http"
import type { AddressInfo } from "node:net"
import { BigNumber as MedusaBigNumber } from "@medusajs/framework/utils"
import { signCallback } from "../../../lib/piastrix"
import type { RunningSandbox } from "../../../../sandbox/src"
import { PiastrixRedirectService } from "../services/piastrix-redirect"
import {
  control,
  initiateInput,
  makeService,
  SECRET,
  startTestSandbox,
} from "./test-utils"

type Received = { body: Buffer; headers: http.IncomingHttpHeaders }

let running: RunningSandbox
let receiver: http.Server
let receiverUrl: string
const waiting: Array<(r: Received) => void> = []

beforeAll(async () => {
  running = await startTestSandbox()
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c) => chunks.push(c))
    req.on("end", () => {
      res.end("OK")
      waiting.shift()?.({ body: Buffer.concat(chunks), headers: req.headers })
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
})
afterAll(async () => {
  await running.close()
  await new Promise((resolve) => receiver.close(resolve))
})

/** Starts a payment whose callbacks come to our receiver, acts on it, and returns the callback sent. */
async function callbackAfter(action: "pay" | "fail") {
  const { service } = makeService(PiastrixRedirectService, running, {
    backendUrl: receiverUrl,
  })
  const input = initiateInput({ payway: "card_rub" })
  await service.initiatePayment(input)
  const arrived = new Promise<Received>((resolve) => waiting.push(resolve))
  await control(
    running,
    "POST",
    `/payments/${input.data.session_id}/${action}?by=order`,
    {}
  )
  const received = await arrived
  const payload = {
    data: {},
    rawData: received.body,
    headers: received.headers as Record<string, unknown>,
  }
  return { service, sessionId: input.data.session_id, payload }
}

describe("getWebhookActionAndData", () => {
  it("turns the service's success callback into captured with the session and amount", async () => {
    const { service, sessionId, payload } = await callbackAfter("pay")
    expect(payload.headers["content-type"]).toMatch(/x-www-form-urlencoded/)
    const result = await service.getWebhookActionAndData(payload as never)
    expect(result.action).toBe("captured")
    expect(result.data!.session_id).toBe(sessionId)
    expect(new MedusaBigNumber(result.data!.amount).numeric).toBe(1250.5)
  })

  it("turns the service's rejection callback into failed", async () => {
    const { service, sessionId, payload } = await callbackAfter("fail")
    const result = await service.getWebhookActionAndData(payload as never)
    expect(result).toMatchObject({
      action: "failed",
      data: { session_id: sessionId },
    })
  })

  // Medusa queues what its route receives and retries a job whose handler throws: a refusal must not throw.
  it("answers not_supported, without throwing, for a callback whose amount was tampered with", async () => {
    const { service, payload } = await callbackAfter("pay")
    const tampered = payload.rawData
      .toString("utf8")
      .replace("shop_amount=1250.50", "shop_amount=1.00")
    expect(tampered).not.toBe(payload.rawData.toString("utf8"))
    await expect(
      service.getWebhookActionAndData({
        ...payload,
        rawData: Buffer.from(tampered),
      } as never)
    ).resolves.toEqual({ action: "not_supported" })
  })

  it("answers not_supported, without throwing, for a callback signed with another key", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const fields = {
      status: "success",
      shop_id: "1",
      shop_order_id: "payses_x",
      shop_amount: "10.00",
      shop_currency: "643",
      payment_id: "100000003",
    }
    const body = new URLSearchParams({
      ...fields,
      sign: signCallback(fields, "not-the-secret"),
    }).toString()
    await expect(
      service.getWebhookActionAndData({
        data: {},
        rawData: Buffer.from(body),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      } as never)
    ).resolves.toEqual({ action: "not_supported" })
  })

  it("verifies a JSON callback whose amount is the number 1.00 as sent", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const fields = {
      status: "success",
      shop_id: "1",
      shop_order_id: "payses_json",
      shop_amount: "1.00",
      shop_currency: "643",
      payment_id: "100000001",
    }
    const sign = signCallback(fields, SECRET)
    const body = `{"status":"success","shop_id":1,"shop_order_id":"payses_json","shop_amount":1.00,"shop_currency":643,"payment_id":100000001,"sign":"${sign}"}`
    const result = await service.getWebhookActionAndData({
      data: JSON.parse(body),
      rawData: Buffer.from(body),
      headers: { "content-type": "application/json" },
    } as never)
    expect(result).toMatchObject({
      action: "captured",
      data: { session_id: "payses_json" },
    })
  })

  it("uses the parsed fields when the raw body is not available", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const fields = {
      status: "rejected",
      shop_id: "1",
      shop_order_id: "payses_f",
      shop_amount: "10.00",
      shop_currency: "643",
      payment_id: "100000002",
    }
    const result = await service.getWebhookActionAndData({
      data: { ...fields, sign: signCallback(fields, SECRET) },
      headers: {},
    } as never)
    expect(result.action).toBe("failed")
  })
})
