import type http from "node:http"
import type https from "node:https"
import { z } from "zod"
import {
  PiastrixApiError,
  PiastrixNetworkError,
  PiastrixOutcomeUnknownError,
  PiastrixResponseError,
  TransportFailure,
} from "./errors"
import {
  ExchangeRequest,
  HttpExchange,
  RawResponse,
  TimedOut,
} from "./exchange"
import { envelopeSchema } from "./schemas/common"

/*
 * The HTTP layer of the client (PiastrixTransport, below). Over 300 lines: a request's one path (timeout,
 * envelope, retry of a read, the unknown outcome of a create) reads best whole, so which call may be sent
 * twice is decided in one place.
 */

/**
 * Whether a call may change something at the service, and whether it may be sent twice. A create that fails
 * in transit is never sent again: the service may have acted on it, and only its status endpoint can tell.
 * A read changes nothing, so sending it again can only cost a request. A status read ("poll") changes
 * nothing either, but the service limits how often it may be asked (docs/service-facts.md#money-and-time),
 * and every request that reaches it counts, failed or not: it is sent once, and the polling guard decides
 * when it may be sent again.
 */
export type CallKind = "read" | "poll" | "create"

export interface RetryOptions {
  /** Attempts of a read, the first included. Creates and polls always get exactly one. */
  attempts: number
  /** Delay before the first retry; doubled for each further one. */
  baseDelayMs: number
  maxDelayMs: number
}

export const DEFAULT_TIMEOUT_MS = 15_000
export const DEFAULT_RETRY: RetryOptions = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 2_000,
}

export interface TransportOptions {
  /** Per-call timeout; 15 s by default. */
  timeoutMs?: number
  retry?: Partial<RetryOptions>
  /** Waits between retries; injectable so tests do not wait. */
  sleep?: (ms: number) => Promise<void>
  /** Jitter source in [0, 1); injectable so tests can pin the delays. */
  random?: () => number
  /**
   * The egress proxy of every call, as a URL (`http://user:password@proxy:3128`), or `false` for none. By
   * default the environment's `HTTPS_PROXY` / `HTTP_PROXY` / `ALL_PROXY` and `NO_PROXY`, read when the
   * client is made (docs/client.md#network).
   */
  proxy?: string | false
  /**
   * Agents of direct connections (TLS settings such as a private CA, socket limits); Node's global agents,
   * which keep connections alive, by default. The TLS settings of `https` also apply through a proxy.
   */
  agents?: { http?: http.Agent; https?: https.Agent }
}

export type { RawResponse } from "./exchange"

export interface RawRequest extends Omit<ExchangeRequest, "timeoutMs"> {
  /** Endpoint path used in errors, e.g. "/invoice/create". */
  endpoint: string
  kind: CallKind
  timeoutMs?: number
  /**
   * Whether a 5xx response still carries an answer to read (the envelope comes with any HTTP status).
   * When it does not, the 5xx counts as a transport failure.
   */
  readable?: (response: RawResponse) => boolean
}

const sleepFor = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Parses a body as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  if (!text) {
    return undefined
  }
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isEnvelope(value: unknown): boolean {
  const result = (value as { result?: unknown } | null)?.result
  return typeof value === "object" && typeof result === "boolean"
}

/**
 * Reduces an error to code and message. Only Node's own errors reach here (a socket's, DNS's, a proxy's),
 * and the request body is never part of them; the reduction keeps it that way for whatever logs the cause.
 */
function toFailure(error: unknown, timeoutMs: number): TransportFailure {
  if (error instanceof TimedOut) {
    return {
      kind: "timeout",
      code: "ETIMEDOUT",
      message: `timed out after ${timeoutMs} ms`,
    }
  }
  const err = error as { code?: unknown; message?: unknown }
  const code = typeof err?.code === "string" ? err.code : undefined
  return {
    kind: "network",
    code,
    message: `network error${code ? ` ${code}` : ""}: ${String(err?.message ?? err)}`,
  }
}

/** Schema issues as paths and messages only: values may be personal data. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
}

/**
 * The HTTP layer: JSON bodies, the envelope, timeouts, retries of reads, and the "outcome unknown" rule
 * for creates (docs/service-facts.md#errors). Knows nothing of signatures or endpoints' fields.
 */
export class PiastrixTransport {
  private readonly timeoutMs: number
  private readonly retry: RetryOptions
  private readonly sleep: (ms: number) => Promise<void>
  private readonly random: () => number
  private readonly exchange: HttpExchange

  constructor(options: TransportOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.retry = { ...DEFAULT_RETRY, ...options.retry }
    this.sleep = options.sleep ?? sleepFor
    this.random = options.random ?? Math.random
    this.exchange = new HttpExchange({
      proxy: options.proxy,
      agents: options.agents,
      connectTimeoutMs: this.timeoutMs,
    })
  }

  /** Delay before retry number `retry` (1-based): exponential, capped, with jitter on the upper half. */
  backoffMs(retry: number): number {
    const ceiling = Math.min(
      this.retry.maxDelayMs,
      this.retry.baseDelayMs * 2 ** (retry - 1)
    )
    return Math.round(ceiling / 2 + (ceiling / 2) * this.random())
  }

  /**
   * Sends a request; returns any response that carries an answer. Transport failures (timeout, connection
   * error, 5xx without a readable body) are retried for reads, fail at once for polls, and turn into
   * PiastrixOutcomeUnknownError for creates.
   */
  async send(request: RawRequest): Promise<RawResponse> {
    const attempts =
      request.kind === "read" ? Math.max(1, this.retry.attempts) : 1
    let failure: TransportFailure | undefined
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) {
        // Safe: this is a read (status, check, config, balance, *_try, h2h_data), which changes nothing at
        // the service, so a second copy of it cannot pay, charge or pay out anything twice.
        await this.sleep(this.backoffMs(attempt - 1))
      }
      const outcome = await this.once(request)
      if ("response" in outcome) {
        return outcome.response
      }
      failure = outcome.failure
      if (request.kind === "create") {
        throw new PiastrixOutcomeUnknownError(request.endpoint, failure)
      }
    }
    throw new PiastrixNetworkError(request.endpoint, failure!, attempts)
  }

  private async once(
    request: RawRequest
  ): Promise<{ response: RawResponse } | { failure: TransportFailure }> {
    const timeoutMs = request.timeoutMs ?? this.timeoutMs
    let response: RawResponse
    try {
      response = await this.exchange.request({ ...request, timeoutMs })
    } catch (error) {
      return { failure: toFailure(error, timeoutMs) }
    }
    if (response.status >= 500 && !(request.readable?.(response) ?? false)) {
      return {
        failure: {
          kind: "http",
          httpStatus: response.status,
          message: `HTTP ${response.status} without an answer`,
        },
      }
    }
    return { response }
  }

  /**
   * POSTs a JSON body and reads the envelope whatever the HTTP status. Success is `result` true and
   * `error_code` 0; `data` is then parsed with `schema`.
   */
  async postEnvelope<T extends z.ZodType>(args: {
    url: string
    endpoint: string
    kind: CallKind
    body: Record<string, unknown>
    schema: T
    timeoutMs?: number
  }): Promise<z.output<T>> {
    const response = await this.send({
      method: "POST",
      url: args.url,
      endpoint: args.endpoint,
      kind: args.kind,
      data: JSON.stringify(args.body),
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      timeoutMs: args.timeoutMs,
      // A signed POST is answered where it was sent. A redirect is not followed: following it would send
      // the signed body elsewhere (or, on 301/302, turn it into a GET without it), so the 3xx is read as
      // an unreadable answer (outcome unknown for a create).
      maxRedirects: 0,
      readable: (r) => isEnvelope(parseJson(r.text)),
    })
    const unreadable = (issues: string[]) => {
      const error = new PiastrixResponseError(
        args.endpoint,
        response.status,
        issues
      )
      // A create answered with something we cannot read may still have been carried out.
      return args.kind === "create"
        ? new PiastrixOutcomeUnknownError(args.endpoint, error)
        : error
    }
    const envelope = envelopeSchema.safeParse(parseJson(response.text))
    if (!envelope.success) {
      throw unreadable([
        `not an envelope: ${describeIssues(envelope.error).join("; ")}`,
      ])
    }
    const { result, error_code: errorCode, message, data } = envelope.data
    if (!result || errorCode !== 0) {
      throw new PiastrixApiError({
        endpoint: args.endpoint,
        errorCode,
        message: message ?? "",
        httpStatus: response.status,
      })
    }
    const parsed = args.schema.safeParse(data)
    if (!parsed.success) {
      throw unreadable(
        describeIssues(parsed.error).map((issue) => `data.${issue}`)
      )
    }
    return parsed.data
  }

  /** GETs a JSON document without envelope (e.g. `/check_status`); non-2xx is a response error. */
  async getJson<T extends z.ZodType>(args: {
    url: string
    endpoint: string
    schema: T
    timeoutMs?: number
  }): Promise<{ status: number; body: z.output<T> }> {
    const response = await this.send({
      method: "GET",
      url: args.url,
      endpoint: args.endpoint,
      kind: "read",
      headers: { Accept: "application/json" },
      timeoutMs: args.timeoutMs,
    })
    const parsed = args.schema.safeParse(parseJson(response.text))
    if (!parsed.success) {
      throw new PiastrixResponseError(
        args.endpoint,
        response.status,
        describeIssues(parsed.error)
      )
    }
    return { status: response.status, body: parsed.data }
  }
}
