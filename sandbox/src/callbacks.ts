import { request as httpRequest } from "node:http"
import { request as httpsRequest } from "node:https"
import { callbackFields } from "./callback-payload"
import type { SandboxContext } from "./context"
import type { Notification, Payment } from "./state"

const LOG_BODY_LIMIT = 200

/**
 * Sends notifications: POST, form-encoded, signed; resent with exponential backoff until the shop
 * answers 200 with body "OK" (the service keeps resending until it does). Every attempt is logged.
 */
export class CallbackSender {
  private ctx!: SandboxContext
  private inFlight = new Set<Promise<void>>()
  // Aborts attempts on the wire when the sandbox closes, so closing never waits for a slow shop.
  private readonly abort = new AbortController()

  attach(ctx: SandboxContext): void {
    this.ctx = ctx
  }

  /** Address of a notification: the shop settings win over the request's addresses. */
  destination(payment: Payment, event: "success" | "rejected"): string | null {
    const settings = this.ctx.config.settings
    return event === "success"
      ? (settings.callbackUrl ?? payment.urls.callback)
      : (settings.callbackRejectedUrl ?? payment.urls.callbackRejected)
  }

  notify(payment: Payment, event: "success" | "rejected"): void {
    const url = this.destination(payment, event)
    if (!url) {
      return
    }
    const fields = callbackFields(this.ctx, payment, event)
    const copies = this.ctx.faults.takeCallbackFault("duplicate_callbacks")
      ? 2
      : 1
    const held = this.ctx.faults.takeCallbackFault("out_of_order_callbacks")
    for (let i = 0; i < copies; i++) {
      const data = this.ctx.store.data
      const notification: Notification = {
        id: data.nextNotificationId++,
        paymentId: payment.id,
        shopOrderId: payment.shopOrderId,
        event,
        url,
        fields,
        attempts: 0,
        delivered: false,
        gaveUp: false,
        held,
        nextAttemptAt: held ? null : this.ctx.clock.now(),
      }
      data.notifications.push(notification)
      if (!held) {
        this.track(this.attempt(notification))
      }
    }
    this.ctx.changed()
  }

  /** Sends held notifications newest first, each after the previous one was answered. */
  async releaseHeld(): Promise<number> {
    const held = this.ctx.store.data.notifications
      .filter((n) => n.held)
      .reverse()
    held.forEach((n) => {
      n.held = false
    })
    for (const notification of held) {
      await this.attempt(notification)
    }
    return held.length
  }

  /** Attempts every undelivered notification now, without waiting for its backoff. */
  async retryNow(): Promise<number> {
    const pending = this.ctx.store.data.notifications.filter(
      (n) => !n.delivered && !n.gaveUp && !n.held
    )
    pending.forEach((n) => this.ctx.unschedule(`callback:${n.id}`))
    await Promise.all(pending.map((n) => this.attempt(n)))
    return pending.length
  }

  /** After a restart from a state file: continue resending what was not delivered. */
  resume(): void {
    for (const n of this.ctx.store.data.notifications) {
      if (!n.delivered && !n.gaveUp && !n.held) {
        this.scheduleRetry(
          n,
          Math.max(0, (n.nextAttemptAt ?? 0) - this.ctx.clock.now())
        )
      }
    }
  }

  /** Stops every attempt on the wire; used by close. */
  stop(): void {
    this.abort.abort()
  }

  /** Resolves when no attempt is on the wire (tests and close). */
  async idle(): Promise<void> {
    while (this.inFlight.size) {
      await Promise.allSettled([...this.inFlight])
    }
  }

  private track(promise: Promise<void>): void {
    this.inFlight.add(promise)
    void promise.finally(() => this.inFlight.delete(promise))
  }

  private sending = new Map<number, Promise<void>>()

  /** One attempt at a time per notification: a forced retry joins the one on the wire. */
  private attempt(n: Notification): Promise<void> {
    const current = this.sending.get(n.id)
    if (current) {
      return current
    }
    const promise = this.send(n).finally(() => this.sending.delete(n.id))
    this.sending.set(n.id, promise)
    return promise
  }

  private async send(n: Notification): Promise<void> {
    if (n.delivered || n.gaveUp || this.abort.signal.aborted) {
      return
    }
    this.ctx.unschedule(`callback:${n.id}`)
    n.attempts++
    const attempt = n.attempts
    const body = new URLSearchParams(n.fields).toString()
    const reply = await post(
      n.url,
      body,
      this.ctx.config.timing.callbackTimeoutMs,
      this.abort.signal
    )
    if (this.abort.signal.aborted) {
      n.attempts--
      return
    }
    const ok = reply.status === 200 && reply.body?.trim() === "OK"
    this.ctx.store.data.callbackLog.push({
      notificationId: n.id,
      attempt,
      url: n.url,
      event: n.event,
      shopOrderId: n.shopOrderId,
      at: new Date(this.ctx.clock.now()).toISOString(),
      status: reply.status,
      body: reply.body === null ? null : reply.body.slice(0, LOG_BODY_LIMIT),
      error: reply.error,
      ok,
    })
    if (ok) {
      n.delivered = true
      n.nextAttemptAt = null
    } else if (n.attempts >= this.ctx.config.timing.callbackMaxAttempts) {
      n.gaveUp = true
      n.nextAttemptAt = null
    } else {
      const { callbackRetryBaseMs, callbackRetryMaxMs } = this.ctx.config.timing
      this.scheduleRetry(
        n,
        Math.min(
          callbackRetryBaseMs * 2 ** (n.attempts - 1),
          callbackRetryMaxMs
        )
      )
    }
    this.ctx.changed()
  }

  private scheduleRetry(n: Notification, delayMs: number): void {
    n.nextAttemptAt = this.ctx.clock.now() + delayMs
    this.ctx.schedule(`callback:${n.id}`, delayMs, () =>
      this.track(this.attempt(n))
    )
  }
}

type Reply = {
  status: number | null
  body: string | null
  error: string | null
}

function post(
  url: string,
  body: string,
  timeoutMs: number,
  signal: AbortSignal
): Promise<Reply> {
  return new Promise((resolve) => {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      resolve({ status: null, body: null, error: "invalid callback address" })
      return
    }
    const send = target.protocol === "https:" ? httpsRequest : httpRequest
    const req = send(
      target,
      {
        method: "POST",
        // A fresh connection per notification: no pooled socket keeps the process alive.
        agent: false,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "user-agent": "piastrix-sandbox",
        },
        timeout: timeoutMs,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? null,
            body: Buffer.concat(chunks).toString("utf8"),
            error: null,
          })
        )
        res.on("error", (error) =>
          resolve({
            status: res.statusCode ?? null,
            body: null,
            error: error.message,
          })
        )
      }
    )
    req.on("timeout", () =>
      req.destroy(new Error(`no reply within ${timeoutMs} ms`))
    )
    req.on("error", (error) =>
      resolve({ status: null, body: null, error: error.message })
    )
    // A shop that resets the connection while the attempt is being aborted (sandbox closing) must not
    // surface as an uncaught socket error that would end a standalone sandbox.
    req.on("socket", (socket) => socket.on("error", () => undefined))
    req.end(body)
  })
}
