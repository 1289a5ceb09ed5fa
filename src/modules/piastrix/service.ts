import { MedusaService } from "@medusajs/framework/utils"
import type {
  CallbackInput,
  CallbackVerification,
  CallbackVerifier,
  PiastrixClient,
  PiastrixNotification as VerifiedNotification,
  SenderHeaders,
} from "../../lib/piastrix"
import {
  createPiastrixClient,
  createPiastrixVerifier,
  createSenderCheck,
  parsePiastrixOptions,
  type PiastrixOptions,
  type SenderCheck,
} from "../../lib/plugin"
import { notificationDedupeKey } from "./dedupe-key"
import { PiastrixNotification } from "./models/notification"
import type { NotificationRow, NotificationState } from "./types"

/** The plugin's own records. Generated CRUD for each model; flows that span modules live in workflows. */
class PiastrixModuleService extends MedusaService({ PiastrixNotification }) {
  readonly #rawOptions: unknown
  #options?: PiastrixOptions
  #client?: PiastrixClient
  #verifier?: CallbackVerifier
  #senderCheck?: SenderCheck

  constructor(container: Record<string, unknown>, options?: unknown) {
    super(container, options)
    this.#rawOptions = options
    // A store learns about a missing or bad option at boot, not at the first callback.
    this.getOptions()
  }

  /** The plugin options (the same object the payment provider gets), validated once. */
  getOptions(): PiastrixOptions {
    this.#options ??= parsePiastrixOptions(this.#rawOptions)
    return this.#options
  }

  /** One client per process, built from the plugin options. */
  getClient(): PiastrixClient {
    this.#client ??= createPiastrixClient(this.getOptions())
    return this.#client
  }

  /** Checks a callback's signature and shop; never throws for anything the request holds. */
  verifyCallback(input: CallbackInput): CallbackVerification {
    this.#verifier ??= createPiastrixVerifier(this.getOptions())
    return this.#verifier(input)
  }

  /** Whether a callback may come from this address; always true unless an allowlist is configured. */
  isAllowedSender(ip: string | null | undefined, headers?: SenderHeaders): boolean {
    this.#senderCheck ??= createSenderCheck(this.getOptions())
    return this.#senderCheck(ip, headers)
  }

  /**
   * Stores a verified notification in the inbox, once. The database's unique `dedupe_key` decides,
   * so a resend is recognised also when several requests (or instances) record it at the same time:
   * the loser of the race gets the unique violation and then reads the winner's row.
   * Returns only after the row is committed.
   */
  async recordNotification(
    notification: VerifiedNotification
  ): Promise<{ row: NotificationRow; duplicate: boolean }> {
    const dedupe_key = notificationDedupeKey(notification.raw)
    try {
      const row = await this.createPiastrixNotifications({
        dedupe_key,
        shop_order_id: notification.shop_order_id,
        payment_id: notification.payment_id ?? null,
        status: notification.status,
        shop_amount: notification.shop_amount,
        shop_currency: Number(notification.shop_currency),
        fields: notification.raw,
      })
      return { row: row as NotificationRow, duplicate: false }
    } catch (error) {
      const [existing] = await this.listPiastrixNotifications({ dedupe_key })
      if (!existing) {
        throw error
      }
      return { row: existing as NotificationRow, duplicate: true }
    }
  }

  /** Sets the outcome of processing a row; `failed` counts an attempt. */
  async settleNotification(
    id: string,
    state: NotificationState,
    lastError: string | null = null
  ): Promise<NotificationRow> {
    const [current] = await this.listPiastrixNotifications({ id })
    const attempts = (current?.attempts ?? 0) + (state === "failed" ? 1 : 0)
    const row = await this.updatePiastrixNotifications({
      id,
      state,
      attempts,
      last_error: lastError === null ? null : lastError.slice(0, 1000),
      processed_at: state === "received" || state === "failed" ? null : new Date(),
    })
    return row as NotificationRow
  }
}

export default PiastrixModuleService
