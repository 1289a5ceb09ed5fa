import http from "node:http"
import type { AddressInfo } from "node:net"
import { PiastrixNetworkError } from "../../piastrix"
import { createPiastrixClient } from "../client-factory"
import { parsePiastrixOptions } from "../options"

/** A service that takes every request and never answers, counting them. */
let hanging: http.Server
let url: string
let requests = 0

beforeAll(async () => {
  hanging = http.createServer(() => {
    requests++
  })
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve))
  url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`
})
afterAll(async () => {
  hanging.closeAllConnections()
  await new Promise((resolve) => hanging.close(resolve))
})
beforeEach(() => {
  requests = 0
})

const options = () =>
  parsePiastrixOptions({
    shopId: 1,
    secretKey: "secret",
    apiUrl: url,
    timeoutMs: 400,
    interactiveTimeoutMs: 150,
  })

describe("createPiastrixClient", () => {
  it("asks once, within interactiveTimeoutMs, for a call a person waits on", async () => {
    const error = await createPiastrixClient(options(), { interactive: true })
      .shopBalance()
      .catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixNetworkError)
    expect(error.attempts).toBe(1)
    expect(error.message).toMatch(/timed out after 150 ms/)
    expect(requests).toBe(1)
  })

  it("retries a read within timeoutMs for jobs and workflows", async () => {
    const error = await createPiastrixClient(options())
      .shopBalance()
      .catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixNetworkError)
    expect(error.attempts).toBe(3)
    expect(error.message).toMatch(/timed out after 400 ms/)
    expect(requests).toBe(3)
  })
})
