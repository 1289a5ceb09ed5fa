import {
  AbstractPaymentProvider,
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  IEventBusModuleService,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import {
  type PiastrixClient,
  sharedPollingGuard,
  toWireAmount,
  type CallbackVerifier,
} from "../../../lib/piastrix"
import {
  createPiastrixClient,
  createPiastrixVerifier,
  parsePiastrixOptions,
  readSessionData,
  type PaymentKind,
  type PiastrixOptions,
  type PiastrixOptionsInput,
  type PiastrixSessionData,
  type SqlConnection,
} from "../../../lib/plugin"
import { applySettings } from "../../../modules/piastrix/repositories/settings"
import { announceNotification } from "../../../modules/piastrix/repositories/inbox"
import { resolvePiastrixPayment } from "./authorize"
import { authorizePiastrixPayment } from "./authorize-carried"
import type { ProviderContext } from "./context"
import { initiatePiastrixPayment } from "./initiate"
import { refundPiastrixPayment } from "./refund"
import { sqlProviderStore, type ProviderStore } from "./store"
import { piastrixWebhookAction } from "./webhook"

type Data = Record<string, unknown>

/**
 * All behaviour of the four Piastrix payment services; each service only names its identifier and
 * kind. The service has no capture, cancel or refund of a payment: capture confirms what the payer
 * already paid, cancel and delete are local, and refunds follow the `refunds` option.
 * Over 300 lines because Medusa's provider interface has a dozen methods, each a short delegation to
 * core/*.ts with Medusa's types around it; the behaviour itself lives in those files.
 */
export abstract class PiastrixBase extends AbstractPaymentProvider<PiastrixOptionsInput> {
  /** Which Piastrix flow this service runs. */
  protected abstract readonly kind: PaymentKind

  static validateOptions(options: Record<string, unknown>): void {
    parsePiastrixOptions(options)
  }

  protected readonly options_: PiastrixOptions
  protected readonly client_: PiastrixClient
  protected readonly logger_: Logger
  private readonly cradle_: Record<string, unknown>
  private readonly rawOptions_: PiastrixOptionsInput
  private context_?: ProviderContext
  private store_?: ProviderStore
  private verifier_?: CallbackVerifier

  constructor(cradle: Record<string, unknown>, options: PiastrixOptionsInput) {
    super(cradle, options)
    this.cradle_ = cradle
    this.rawOptions_ = options
    this.options_ = parsePiastrixOptions(options)
    this.logger_ =
      (cradle.logger as Logger | undefined) ?? (console as unknown as Logger)
    this.client_ = createPiastrixClient(this.options_)
  }

  /** Built on first use: `kind` is a field of the subclass, set after this constructor ran. */
  protected get context(): ProviderContext {
    if (!this.context_) {
      const store = this.data
      this.context_ = {
        kind: this.kind,
        identifier: this.getIdentifier(),
        options: this.options_,
        effectiveOptions: async () =>
          applySettings(
            this.options_,
            this.rawOptions_,
            await store.settings()
          ),
        client: this.client_,
        // One guard per shop in a process, over the store every instance shares.
        guard: sharedPollingGuard(
          this.client_.apiUrl,
          this.client_.shopId,
          store.polls
        ),
        logger: this.logger_,
        verdicts: store.verdicts,
        mayCarry: store.mayCarry,
        capturedBefore: store.capturedBefore,
        register: store.register,
        refunds: store.refunds,
      }
    }
    return this.context_
  }

  /**
   * The provider's data access (core/store.ts): the plugin's SQL over the store's database. The provider
   * lives in the payment module's container, which cannot resolve the plugin's module but holds Medusa's
   * connection: enough for the inbox and the registers. Unit tests override this with an in-memory store.
   */
  protected store(): ProviderStore {
    return sqlProviderStore(() => {
      const db = this.cradle_[ContainerRegistrationKeys.PG_CONNECTION] as
        SqlConnection | undefined
      if (!db) {
        throw new Error(
          "no database connection in the payment module's container"
        )
      }
      return db
    })
  }

  private get data(): ProviderStore {
    return (this.store_ ??= this.store())
  }

  /** Records a verified notification in the plugin's inbox and announces it, as the callback route does. */
  private async recordNotification(
    notification: Parameters<ProviderStore["record"]>[0]
  ) {
    const recorded = await this.data.record(notification)
    await announceNotification(
      this.cradle_[Modules.EVENT_BUS] as IEventBusModuleService,
      recorded.row
    )
    return recorded
  }

  private ours(data: Data | undefined): PiastrixSessionData | null {
    const parsed = readSessionData(data)
    return parsed && parsed.kind === this.kind ? parsed : null
  }

  private foreign(method: string): void {
    this.logger_.warn(
      `Piastrix provider ${this.getIdentifier()}: ${method} got data this service did not write; left unchanged`
    )
  }

  async initiatePayment(
    input: InitiatePaymentInput
  ): Promise<InitiatePaymentOutput> {
    return initiatePiastrixPayment(this.context, input)
  }

  async authorizePayment(
    input: AuthorizePaymentInput
  ): Promise<AuthorizePaymentOutput> {
    const data = this.ours(input.data)
    if (!data) {
      this.foreign("authorizePayment")
      return { status: "error", data: input.data ?? {} }
    }
    const { status, data: next } = await authorizePiastrixPayment(
      this.context,
      data
    )
    return { status, data: { ...next } }
  }

  /** The payer already paid when a session is captured: nothing to collect, no second charge. */
  async capturePayment(
    input: CapturePaymentInput
  ): Promise<CapturePaymentOutput> {
    const data = this.ours(input.data)
    if (data && data.state !== "paid") {
      this.logger_.warn(
        `Piastrix session ${data.session_id}: capture of a payment in state ${data.state}`
      )
    }
    return { data: input.data ?? {} }
  }

  /**
   * Piastrix cannot cancel a payment; an unpaid one expires at the service by itself. A paid one is refused:
   * Medusa would mark it canceled while the money sits at the service (a cart completion failing after its
   * authorization compensates so). Refused, Medusa's payment stays authorized, and the cart's next
   * completion places the order with it; an order canceled before its capture waits for that capture.
   */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const data = this.ours(input.data)
    if (!data) {
      return { data: input.data ?? {} }
    }
    if (data.state === "paid") {
      this.logger_.warn(
        `Piastrix session ${data.session_id}: not canceled, its payment ${data.shop_order_id} is paid at the service`
      )
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "A paid Piastrix payment cannot be canceled: it stays the cart's until its order is placed and captured; " +
          "refund it from the order once captured"
      )
    }
    if (data.state !== "pending") {
      return { data: { ...data } }
    }
    this.logger_.info(
      `Piastrix session ${data.session_id}: canceled in Medusa (the service has no cancel)`
    )
    return { data: { ...data, state: "canceled" } }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const data = this.ours(input.data)
    if (data) {
      // A payer holding the payment page can still pay; the callback route keeps such money visible.
      this.logger_.info(
        `Piastrix session ${data.session_id}: deleted in Medusa while ${data.state}`
      )
    }
    return { data: input.data ?? {} }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = this.ours(input.data)
    if (!data) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "This payment has no Piastrix record to refund from; refund it from the Piastrix dashboard"
      )
    }
    return {
      data: { ...(await refundPiastrixPayment(this.context, data, input)) },
    }
  }

  async retrievePayment(
    input: RetrievePaymentInput
  ): Promise<RetrievePaymentOutput> {
    const data = this.ours(input.data)
    if (!data) {
      return { data: input.data ?? {} }
    }
    return {
      data: { ...(await resolvePiastrixPayment(this.context, data)).data },
    }
  }

  async getPaymentStatus(
    input: GetPaymentStatusInput
  ): Promise<GetPaymentStatusOutput> {
    const data = this.ours(input.data)
    if (!data) {
      return { status: "error", data: input.data ?? {} }
    }
    const { status, data: next } = await resolvePiastrixPayment(
      this.context,
      data
    )
    return { status, data: { ...next } }
  }

  /**
   * Medusa merges what this returns into the stored data, and calls it only from code. A payment
   * created at the service cannot change its amount: a new amount needs a new payment session.
   */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const incoming = input.data ?? {}
    const stored = readSessionData(incoming)
    if (stored && input.amount !== undefined && input.amount !== null) {
      let requested: string | null = null
      try {
        requested = toWireAmount(input.amount as never, stored.currency)
      } catch {
        requested = null
      }
      if (requested !== null && requested !== stored.amount) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `amount: a Piastrix payment cannot change its amount (${stored.amount} -> ${requested}); start a new payment session`
        )
      }
    }
    return { data: { ...incoming } }
  }

  async getWebhookActionAndData(
    payload: ProviderWebhookPayload["payload"]
  ): Promise<WebhookActionResult> {
    this.verifier_ ??= createPiastrixVerifier(this.options_)
    return piastrixWebhookAction(
      this.context,
      this.verifier_,
      (n) => this.recordNotification(n),
      payload
    )
  }
}
