import nock from "nock"
import { startSandbox, type RunningSandbox } from "../../../../sandbox/src"
import { PiastrixClient, PiastrixClientOptions } from "../client"
import { PiastrixTransport, RawRequest } from "../http"
import { sha256Sign, SignedEndpoint, SIGNED_FIELDS, signString } from "../sign"

/**
 * Shared set-up of the client's unit tests: a fixed clock and no real waiting; answers that go well come
 * from the sandbox over real HTTP (`useSandbox`), the failures the sandbox is not made to give from nock at
 * a fake service address.
 */

export const API = "http://piastrix.test"
export const H2H = "http://h2h.piastrix.test"
export const SECRET = "SecretKey01"
export const SHOP_ID = 5
/** Pinned clock: the signed `now` is "2024-01-15 12:30:00". */
export const NOW = "2024-01-15 12:30:00"

export interface Recorded {
  delays: number[]
}

export function makeClient(
  options: Partial<PiastrixClientOptions> = {},
  recorded: Recorded = { delays: [] }
) {
  return new PiastrixClient({
    shopId: SHOP_ID,
    secretKey: SECRET,
    apiUrl: API,
    h2hUrl: H2H,
    // Generous: late in a full in-band run a garbage collection can stall the process longer than a short
    // timeout, and a stubbed reply would then read as timed out. The timeout tests pass their own.
    timeoutMs: 5_000,
    now: () => new Date(Date.UTC(2024, 0, 15, 12, 30, 0)),
    retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 40 },
    transport: {
      sleep: async (ms) => {
        recorded.delays.push(ms)
      },
      random: () => 0.5,
    },
    ...options,
  })
}

export const ok = (data: unknown) => ({
  result: true,
  error_code: 0,
  message: "Ok",
  data,
})
export const failure = (errorCode: number, message: string) => ({
  result: false,
  error_code: errorCode,
  message,
  data: null,
})

/** Intercepts one POST to `path` and keeps the JSON body it received. */
export function expectPost(
  base: string,
  path: string,
  status: number,
  reply: unknown
) {
  const seen: {
    body?: Record<string, any>
    headers?: Record<string, string | string[] | undefined>
  } = {}
  const scope = nock(base)
    .post(path, (body) => {
      seen.body = body
      return true
    })
    .reply(function (_uri, _body) {
      seen.headers = this.req.headers
      return [status, typeof reply === "string" ? reply : JSON.stringify(reply)]
    })
  return { scope, seen }
}

/** Asserts the exact signed string of a request body and that `sign` is its hash with the secret. */
export function expectSignature(
  endpoint: SignedEndpoint,
  body: Record<string, unknown> | undefined,
  joined: string
) {
  expect(body).toBeDefined()
  expect(signString(body!, SIGNED_FIELDS[endpoint])).toBe(joined)
  expect(body!.sign).toBe(sha256Sign(joined, SECRET))
}

/** A catch-all interceptor to prove that no request went out. */
export function forbidAnyRequest() {
  return nock(API).persist().post(/.*/).reply(500, "should not be called")
}

/**
 * nock patches node's http for the whole process when it is imported, and jest runs every file of
 * `--runInBand` in that one process: without `restore` the suites after this one (Medusa, the
 * sandbox) would still send their real requests through nock's interceptor.
 */
export function setUpNock() {
  beforeAll(() => {
    if (!nock.isActive()) {
      nock.activate()
    }
    // The sandbox of `useSandbox` listens on this machine: real requests go there, nowhere else.
    nock.disableNetConnect()
    nock.enableNetConnect("127.0.0.1")
  })
  afterEach(() => nock.cleanAll())
  afterAll(() => {
    nock.enableNetConnect()
    nock.restore()
  })
}

/** A request the client sent, as it handed it to its transport: its path, JSON (or form) body and headers. */
export type SentRequest = {
  method: string
  path: string
  body: Record<string, any> | string | undefined
  headers: Record<string, unknown>
}

function recordOf(request: RawRequest): SentRequest {
  let body: SentRequest["body"] = undefined
  if (typeof request.data === "string") {
    try {
      body = JSON.parse(request.data)
    } catch {
      body = request.data
    }
  }
  return {
    method: request.method,
    path: new URL(request.url).pathname,
    body,
    headers: { ...request.headers },
  }
}

/**
 * The sandbox of the service, started in this process for the file (shop 5, the test secret), and clients
 * that talk to it over real HTTP, every request recorded as the client handed it to its transport (`sent`,
 * `lastTo`).
 */
export function useSandbox() {
  let running: RunningSandbox | undefined
  const sent: SentRequest[] = []
  let spy: jest.SpyInstance | undefined
  beforeAll(async () => {
    // Every request the transport is handed for the sandbox, recorded and then sent as it is.
    const send = PiastrixTransport.prototype.send
    spy = jest
      .spyOn(PiastrixTransport.prototype, "send")
      .mockImplementation(function (this: PiastrixTransport, request) {
        if (request.url.startsWith(`${running!.url}/`)) {
          sent.push(recordOf(request))
        }
        return send.call(this, request)
      })
    // Bank-transfer requisites at once (the service takes a moment; the client does not care).
    running = await startSandbox({
      shopId: SHOP_ID,
      secret: SECRET,
      config: { timing: { requisitesDelayMs: 0 } },
    })
  })
  afterAll(async () => {
    spy?.mockRestore()
    await running?.close()
  })
  const sandbox = () => running!
  return {
    sandbox,
    sent,
    /** The last request to `path`; fails when none went there. */
    lastTo(path: string): SentRequest {
      const found = sent.filter((r) => r.path === path).at(-1)
      if (!found) {
        throw new Error(`no request to ${path}: ${sent.map((r) => r.path)}`)
      }
      return found
    },
    client(options: Partial<PiastrixClientOptions> = {}) {
      return makeClient({
        apiUrl: sandbox().url,
        h2hUrl: sandbox().url,
        transport: {
          sleep: async () => {},
          random: () => 0.5,
        },
        ...options,
      })
    },
  }
}
