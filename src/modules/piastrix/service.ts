import {
  ContainerRegistrationKeys,
  generateEntityId,
  MedusaError,
  MedusaService,
} from "@medusajs/framework/utils"
import type {
  CallbackInput,
  CallbackVerification,
  CallbackVerifier,
  PiastrixClient,
  PiastrixNotification as VerifiedNotification,
  PollingGuard,
  SenderHeaders,
} from "../../lib/piastrix"
import {
  claimNotification,
  peekAttempt,
  takeAttempt,
  type AttemptLimitName,
  type AttemptVerdict,
  createPiastrixClient,
  createPiastrixVerifier,
  createSenderCheck,
  inboxPage,
  reopenNotification,
  resolveNotification,
  forgetShopInputConfig,
  effectiveOptions,
  saveSettings,
  settingsView,
  storedSettings,
  type SettingKey,
  type SettingView,
  installationPollingGuard,
  optionsView,
  parsePiastrixOptions,
  recordNotification,
  strandedNotificationIds,
  type InboxPage,
  type NotificationRow,
  type OptionView,
  type NotificationState,
  type PiastrixOptions,
  type RecordedNotification,
  type SenderCheck,
  type StrandedSelection,
} from "../../lib/plugin"
import {
  accountCipherOf,
  AccountCipherError,
  adjustBalance,
  approvePayout,
  cancelPayout,
  createPayout,
  recipientBalances,
  requireAccountCipher,
  retryPayout,
  reverseAccrual,
  sealAccountFields,
  type AccountCipher,
  type CreatePayoutResult,
  type LedgerAccount,
  type Payout,
  type PayoutContext,
  type PostedTransaction,
  type ReversalInput,
  type SqlDatabase,
} from "../../lib/payouts"
import { storedMessage } from "../../lib/plugin/messages"
import { PiastrixNotification } from "./models/notification"
import { PiastrixPayment } from "./models/payment"
import { PiastrixPoll } from "./models/poll"
import { PiastrixLedgerEntry } from "./models/ledger-entry"
import { PiastrixPayout } from "./models/payout"
import { PiastrixRecipient } from "./models/recipient"
import { PiastrixRefund } from "./models/refund"
import { PiastrixSetting } from "./models/setting"

/** The plugin's own records. Generated CRUD for each model; flows that span modules live in workflows. */
class PiastrixModuleService extends MedusaService({
  PiastrixPoll,
  PiastrixNotification,
  PiastrixPayment,
  PiastrixRefund,
  PiastrixRecipient,
  PiastrixLedgerEntry,
  PiastrixPayout,
  PiastrixSetting,
}) {
  readonly #rawOptions: unknown
  readonly #container: Record<string, unknown>
  #options?: PiastrixOptions
  #client?: PiastrixClient
  #interactiveClient?: PiastrixClient
  #verifier?: CallbackVerifier
  #senderCheck?: SenderCheck
  #cipher?: AccountCipher | null

  constructor(container: Record<string, unknown>, options?: unknown) {
    super(container, options)
    this.#container = container
    this.#rawOptions = options
    // A store learns about a missing or bad option at boot, not at the first callback.
    this.getOptions()
  }

  /** The plugin options (the same object the payment provider gets), validated once. */
  getOptions(): PiastrixOptions {
    this.#options ??= parsePiastrixOptions(this.#rawOptions)
    return this.#options
  }

  /** The cipher of the payout accounts (the `accountKey` option), or null when the store has none. */
  accountCipher(): AccountCipher | null {
    if (this.#cipher === undefined) {
      this.#cipher = accountCipherOf(this.getOptions())
    }
    return this.#cipher
  }

  /**
   * Generated CRUD, with the account and its details encrypted on the way in, whoever creates a recipient
   * (the admin's routes, the dev seed, tests): a card number never reaches the table readable. Refused
   * (400 naming the option) without an account key.
   */
  // @ts-expect-error the generated method is typed as a property; this overrides it with the same signature
  async createPiastrixRecipients(data: any, sharedContext?: any): Promise<any> {
    const seal = (r: Record<string, any>) => {
      const id = r.id ?? generateEntityId(undefined, "pxrcp")
      return { ...r, id, ...this.#sealed(id, r) }
    }
    return super.createPiastrixRecipients(
      (Array.isArray(data) ? data.map(seal) : seal(data)) as never,
      sharedContext
    )
  }

  /** Generated CRUD, a changed account or details encrypted as on create; accounts are changed by id only. */
  // @ts-expect-error the generated method is typed as a property; this overrides it with the same signature
  async updatePiastrixRecipients(data: any, sharedContext?: any): Promise<any> {
    const seal = (r: Record<string, any>) => {
      const changes = r.selector ? r.data : r
      if (!("account" in changes) && !("account_details" in changes)) {
        return r
      }
      if (r.selector || typeof r.id !== "string") {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          "account: a recipient's account is changed by its id, one recipient at a time"
        )
      }
      return { ...r, ...this.#sealed(r.id, r) }
    }
    return super.updatePiastrixRecipients(
      (Array.isArray(data) ? data.map(seal) : seal(data)) as never,
      sharedContext
    )
  }

  #sealed(recipientId: string, fields: Record<string, any>) {
    try {
      return sealAccountFields(
        requireAccountCipher(this.accountCipher()),
        recipientId,
        fields
      )
    } catch (error) {
      if (error instanceof AccountCipherError) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, error.message)
      }
      throw error
    }
  }

  /** One client per process, built from the plugin options. */
  getClient(): PiastrixClient {
    this.#client ??= createPiastrixClient(this.getOptions())
    return this.#client
  }

  /** The client for calls a person waits on: one attempt, within `interactiveTimeoutMs`. */
  getInteractiveClient(): PiastrixClient {
    this.#interactiveClient ??= createPiastrixClient(this.getOptions(), {
      interactive: true,
    })
    return this.#interactiveClient
  }

  /** The options with the operational settings stored in the admin in the place of defaults; one query. */
  async effectiveOptions(): Promise<PiastrixOptions> {
    return effectiveOptions(this.#db(), this.getOptions(), this.#rawOptions)
  }

  /** The editable settings with their values in force, where each comes from, and which are locked. */
  async settings(): Promise<SettingView<SettingKey>[]> {
    return settingsView(this.#db(), this.getOptions(), this.#rawOptions)
  }

  /** The settings stored in the admin (a value, or null for "the default"); those never stored are left out. */
  async storedSettings(): Promise<Partial<Record<SettingKey, unknown>>> {
    return storedSettings(this.#db())
  }

  /** Stores settings changes; refuses a locked or unknown setting or a bad value with its name. */
  async saveSettings(
    changes: Record<string, unknown>,
    by: string | null
  ): Promise<void> {
    await saveSettings(this.#db(), this.#rawOptions, changes, by)
  }

  /** Every option with its value in force and where it comes from; secrets masked. */
  optionsView(): OptionView[] {
    return optionsView(this.#rawOptions, this.getOptions())
  }

  /** A client for other credentials than the configured ones (the admin's connection test); never kept. */
  clientWithCredentials(credentials: {
    shopId: number
    secretKey: string
  }): PiastrixClient {
    return createPiastrixClient(
      { ...this.getOptions(), ...credentials },
      { interactive: true }
    )
  }

  /** The shop's polling guard: one per process, its windows in Postgres for every instance. */
  getPollingGuard(): PollingGuard {
    return installationPollingGuard(this.getClient(), this.#db())
  }

  /**
   * Takes one attempt of a storefront limit (option `limits`) for `key`, counted in Postgres for every
   * instance, or refuses it with when to retry.
   */
  async takeAttempt(
    name: AttemptLimitName,
    key: string
  ): Promise<AttemptVerdict> {
    return takeAttempt(this.#db(), name, key, this.getOptions().limits[name])
  }

  /** Whether a storefront limit's window is already full for `key`, taking nothing (see peekAttempt). */
  async peekAttempt(
    name: AttemptLimitName,
    key: string
  ): Promise<AttemptVerdict> {
    return peekAttempt(this.#db(), name, key, this.getOptions().limits[name])
  }

  /** Drops the kept payment directions: the next session or store route reads them from the service. */
  async forgetShopDirections(): Promise<void> {
    await forgetShopInputConfig(this.#db(), this.getOptions().shopId)
  }

  /** Checks a callback's signature and shop; never throws for anything the request holds. */
  verifyCallback(input: CallbackInput): CallbackVerification {
    this.#verifier ??= createPiastrixVerifier(this.getOptions())
    return this.#verifier(input)
  }

  /** Whether a callback may come from this address; always true unless an allowlist is configured. */
  isAllowedSender(
    ip: string | null | undefined,
    headers?: SenderHeaders
  ): boolean {
    this.#senderCheck ??= createSenderCheck(this.getOptions())
    return this.#senderCheck(ip, headers)
  }

  #db(): SqlDatabase {
    return this.#container[
      ContainerRegistrationKeys.PG_CONNECTION
    ] as SqlDatabase
  }

  /** What the payout code (`lib/payouts`) works with: the store's database, the client, the options, the logger. */
  payoutContext(): PayoutContext {
    return {
      db: this.#db(),
      client: this.getClient(),
      options: this.getOptions(),
      effectiveOptions: () => this.effectiveOptions(),
      logger: this.#container[
        ContainerRegistrationKeys.LOGGER
      ] as PayoutContext["logger"],
      cipher: this.accountCipher(),
    }
  }

  /** A recipient's balance per ledger account in a currency: sums of the entries, never stored. */
  async recipientBalances(
    recipientId: string,
    currency: number
  ): Promise<Partial<Record<LedgerAccount, string>>> {
    return recipientBalances(this.#db(), recipientId, currency)
  }

  /** Writes a payout ahead of sending it: an amount, or all that is payable; above the approval threshold it waits. */
  async createPayout(input: {
    recipient_id: string
    amount?: string
  }): Promise<CreatePayoutResult> {
    return createPayout(this.#db(), {
      ...input,
      approval_threshold: (await this.effectiveOptions()).payouts
        .approvalThreshold,
    })
  }

  /** Lets a payout that waits for approval be sent. */
  async approvePayout(id: string): Promise<Payout | null> {
    return approvePayout(this.#db(), id)
  }

  /** Cancels a payout never sent; its amount is available again, the reason kept. */
  async cancelPayout(id: string, reason: string): Promise<Payout | null> {
    return cancelPayout(this.#db(), id, reason)
  }

  /** Puts a payout that needed attention back in flight: the sync job asks the service about it by its id. */
  async retryPayout(id: string): Promise<Payout | null> {
    return retryPayout(this.#db(), id)
  }

  /** A manual correction of a recipient's available balance; the reason is required. */
  async adjustBalance(input: {
    key: string
    recipient_id: string
    amount: string
    reason: string
  }): Promise<PostedTransaction> {
    return adjustBalance(this.#db(), input)
  }

  /**
   * Reverses an accrual once (refund, return, cancel), or the part returned items are worth; a clawback
   * when it was already paid out. Null when nothing is left to reverse.
   */
  async reverseAccrual(
    input: ReversalInput
  ): Promise<PostedTransaction | null> {
    return reverseAccrual(this.#db(), input)
  }

  /** Stores a verified notification in the inbox once; returns after the row is committed. */
  async recordNotification(
    notification: VerifiedNotification
  ): Promise<RecordedNotification> {
    return recordNotification(this.#db(), notification)
  }

  /** Takes a row for processing for a while; false when another instance holds it or it needs no work. */
  async claimNotification(id: string, leaseSeconds: number): Promise<boolean> {
    return claimNotification(this.#db(), id, leaseSeconds)
  }

  /** A page of the inbox, rows that need a person first. */
  async inboxPage(
    selection: Parameters<typeof inboxPage>[1]
  ): Promise<InboxPage> {
    return inboxPage(this.#db(), selection)
  }

  /** Ids of rows whose processing was lost or is due again, by the database's clock. */
  async strandedNotificationIds(
    selection: StrandedSelection
  ): Promise<string[]> {
    return strandedNotificationIds(this.#db(), selection)
  }

  /**
   * Opens a settled row for another processing (a person fixed what stopped it: the cart, the
   * shop's balance). The attempt count starts again; the reason stays until the next outcome. False
   * when the row is in another state or held right now (a processing, the inbox's refund).
   */
  async reopenNotification(id: string): Promise<boolean> {
    return reopenNotification(this.#db(), id)
  }

  /** Marks a row a person settled outside the plugin; false when its state does not allow it. */
  async resolveNotification(
    id: string,
    note: string,
    by: string | null
  ): Promise<boolean> {
    return resolveNotification(this.#db(), id, note, by)
  }

  /** Sets the outcome of processing a row and releases its claim; `failed` counts an attempt. */
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
      last_error_code: storedMessage(lastError),
      processed_at:
        state === "received" || state === "failed" ? null : new Date(),
      claimed_until: null,
    })
    return row as unknown as NotificationRow
  }
}

export default PiastrixModuleService
