import {
  ContainerRegistrationKeys,
  generateEntityId,
  MedusaError,
  MedusaService,
} from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
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
  carryingSessionId,
  collectionLooksInterrupted,
  interruptedOrdersOfCollection,
  orderMissingItsPaymentCollection,
  unlinkedOrderIds,
  createPiastrixClient,
  createPiastrixVerifier,
  createSenderCheck,
  optionsView,
  parsePiastrixOptions,
  type OptionView,
  type PiastrixOptions,
  type SenderCheck,
} from "../../lib/plugin"
import {
  isOwnPayment,
  claimDuePayments,
  markPaidWithoutOrder,
  markPaymentSettled,
  registeredPayment,
  type DuePayment,
  type RegisteredPayment,
} from "./repositories/payment-register"
import {
  isPaymentRefunded,
  claimNotification,
  inboxPage,
  inboxRow,
  reopenNotification,
  resolveNotification,
  recordNotification,
  settleNotification,
  strandedNotificationIds,
  type InboxPage,
  type NotificationRow,
  type NotificationState,
  type RecordedNotification,
  type StrandedSelection,
} from "./repositories/inbox"
import {
  orderPaymentViews,
  type OrderPaymentView,
  type OrderSessionInput,
} from "./repositories/order-payments"
import {
  prunePollWindows,
  installationPollingGuard,
} from "./repositories/postgres-poll-store"
import {
  claimForRefund,
  inboxRefundOf,
  inboxRefundTarget,
  markRefunded,
  refundTransferContext,
  releaseRefundClaim,
  type InboxRefundTarget,
} from "./repositories/inbox-refund"
import { sendRefundTransfer } from "./utils/refund-transfer"
import { type RefundRow } from "./repositories/refund-register"
import {
  peekAttempt,
  takeAttempt,
  type AttemptLimitName,
  type AttemptVerdict,
} from "./repositories/attempt-limit"
import { releaseLease, takeLease } from "./repositories/lease"
import { forgetShopInputConfig } from "./repositories/directions-cache"
import {
  effectiveOptions,
  saveSettings,
  settingsView,
  storedSettings,
  type SettingKey,
  type SettingView,
} from "./repositories/settings"
import {
  accountCipherOf,
  AccountCipherError,
  requireAccountCipher,
  sealAccountFields,
  type AccountCipher,
  type LedgerAccount,
} from "../../lib/payouts"
import {
  accrualsOfOrder,
  accrue,
  accruedFulfillmentIds,
  adjustBalance,
  openAccrualsOf,
  releaseDueHolds,
  reverseAccrual,
  type AccrualInput,
  type OrderAccrual,
  type ReversalInput,
} from "./repositories/accruals"
import {
  approvePayout,
  cancelPayout,
  createPayout,
  findPayout,
  listPayouts,
  payableAmount,
  retryPayout,
  type CreatePayoutResult,
  type Payout,
} from "./repositories/payouts"
import {
  checkWithdrawAccount,
  quotePayout,
  type PayoutContext,
  type PayoutQuote,
} from "./utils/send"
import {
  createDuePayouts,
  sendPendingPayouts,
  syncAllDuePayouts,
} from "./repositories/runs"
import {
  findRecipient,
  listRecipients,
  type Recipient,
} from "./repositories/recipients"
import {
  listEntries,
  recipientBalances,
  type EntryFilter,
  type ListedEntry,
  type PostedTransaction,
  type SqlDatabase,
} from "./repositories/ledger"
import {
  resolveAttentionRow,
  type AttentionSource,
} from "./repositories/inbox-attention"
import {
  orderVendorShares,
  type VendorShare,
} from "./repositories/order-shares"
import {
  recipientStatement,
  type StatementOptions,
  type StatementRange,
} from "./repositories/statement"
import { PiastrixNotification } from "./models/notification"
import { PiastrixPayment } from "./models/payment"
import { PiastrixPoll } from "./models/poll"
import { PiastrixLedgerEntry } from "./models/ledger-entry"
import { PiastrixPayout } from "./models/payout"
import { PiastrixRecipient } from "./models/recipient"
import { PiastrixRefund } from "./models/refund"
import { PiastrixSetting } from "./models/setting"

/**
 * The plugin's own records, and the one way in to them for routes, workflow steps, jobs and subscribers
 * (`src/__tests__/layers.spec.ts`): generated CRUD for each model where it serves, and a method per
 * hand-written statement (`repositories/`) where SQL is needed: claims with `for update skip locked`,
 * conditional state changes, ledger postings, pages with their counts, and reads of money. The generated
 * reads answer a `bigNumber` column as a JavaScript number, and the plugin's money is decimal strings: so
 * recipients and payouts are found and listed by SQL that reads numeric as text, while an inbox row, which
 * holds no money, is read and settled through the generated CRUD (`settleNotification`). Flows that span
 * modules live in workflows. The one exception is the payment provider: it lives in the payment module's
 * container, cannot resolve this module, and reaches the same SQL through its own port (`ProviderStore`,
 * providers/piastrix/core/store.ts) over Medusa's connection. Over 300 lines: one short method per
 * statement the callers need, each naming what it does, read best in one place: a module gives the
 * container one service, so split by concern it would delegate to classes of its own, a second layer of
 * pass-through over the repositories.
 */
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

  /**
   * Takes the lease `name` of `key` for `seconds`, held once across every instance (repositories/lease.ts):
   * the holder's token, or null while another holds it.
   */
  async takeLease(
    name: string,
    key: string,
    seconds: number
  ): Promise<string | null> {
    return takeLease(this.#db(), name, key, seconds)
  }

  /** Ends the lease `name` of `key` that `token` holds. */
  async releaseLease(name: string, key: string, token: string): Promise<void> {
    await releaseLease(this.#db(), name, key, token)
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

  #logger(): Logger {
    return this.#container[ContainerRegistrationKeys.LOGGER] as Logger
  }

  #db(): SqlDatabase {
    return this.#container[
      ContainerRegistrationKeys.PG_CONNECTION
    ] as SqlDatabase
  }

  /** What the payout code (`utils/send.ts`, `repositories/runs.ts`) works with: the store's database, the client, the options, the logger. */
  payoutContext(): PayoutContext {
    return {
      db: this.#db(),
      client: this.getClient(),
      options: this.getOptions(),
      effectiveOptions: () => this.effectiveOptions(),
      logger: this.#logger(),
      cipher: this.accountCipher(),
    }
  }

  /** A recipient by id (its account as stored, encrypted), or null. */
  async findRecipient(id: string): Promise<Recipient | null> {
    return findRecipient(this.#db(), id)
  }

  /** Recipients, newest first, with their total count. */
  async listRecipients(page: {
    limit: number
    offset: number
  }): Promise<{ recipients: Recipient[]; count: number }> {
    return listRecipients(this.#db(), page)
  }

  /** A payout by id, or null. */
  async findPayout(id: string): Promise<Payout | null> {
    return findPayout(this.#db(), id)
  }

  /** Payouts, newest first, by id, recipient, status and creation date, with their total count. */
  async listPayouts(
    filter: Parameters<typeof listPayouts>[1]
  ): Promise<{ payouts: Payout[]; count: number }> {
    return listPayouts(this.#db(), filter)
  }

  /** A recipient's ledger entries, newest first, with the order each is for and their total count. */
  async listLedgerEntries(
    filter: EntryFilter
  ): Promise<{ entries: ListedEntry[]; count: number }> {
    return listEntries(this.#db(), filter)
  }

  /** A recipient's statement for a period, as CSV (modules/piastrix/repositories/statement.ts). */
  async recipientStatement(
    recipient: Pick<Recipient, "id" | "currency">,
    range: StatementRange,
    options: StatementOptions
  ): Promise<string> {
    return recipientStatement(this.#db(), recipient, range, options)
  }

  /** What a payout of the recipient would pay now, or why none (the admin's quote; read-only). */
  async payableAmount(
    recipient: Recipient,
    input: { amount?: string }
  ): ReturnType<typeof payableAmount> {
    return payableAmount(this.#db(), recipient, input)
  }

  /** The service's quote of a payout (fee, what the payee receives), for a person waiting: the interactive client. */
  async quotePayout(
    p: Pick<Payout, "rail" | "amount" | "currency" | "payway">
  ): Promise<PayoutQuote> {
    return quotePayout({ client: this.getInteractiveClient() }, p)
  }

  /** Whether the service would pay a withdraw account now (`/check_account`), for a person waiting. */
  async checkWithdrawAccount(
    p: Parameters<typeof checkWithdrawAccount>[1]
  ): ReturnType<typeof checkWithdrawAccount> {
    return checkWithdrawAccount(
      { ...this.payoutContext(), client: this.getInteractiveClient() },
      p
    )
  }

  /** Posts a fulfillment's accrual once per key. */
  async accrue(
    accrual: AccrualInput
  ): Promise<{ transaction_id: string; created: boolean }> {
    return accrue(this.#db(), accrual)
  }

  /** The accruals of an order (or one of its fulfillments) with something left to reverse, oldest first. */
  async openAccrualsOf(of: {
    order_id: string
    fulfillment_id?: string | null
  }): Promise<string[]> {
    return openAccrualsOf(this.#db(), of)
  }

  /** An order's accruals (one per fulfilled line), oldest first. */
  async accrualsOfOrder(orderId: string): Promise<OrderAccrual[]> {
    return accrualsOfOrder(this.#db(), orderId)
  }

  /** Of these fulfillments, the ones already accrued. */
  async accruedFulfillmentIds(ids: readonly string[]): Promise<Set<string>> {
    return accruedFulfillmentIds(this.#db(), ids)
  }

  /** The jobs' runs (modules/piastrix/repositories/runs.ts): held money whose hold elapsed made available. */
  async releaseDueHolds(): Promise<PostedTransaction[]> {
    return releaseDueHolds(this.#db())
  }

  /** One payout per due recipient, written before anything is sent. */
  async createDuePayouts(): Promise<CreatePayoutResult[]> {
    return createDuePayouts(this.payoutContext())
  }

  /** Pending payouts quoted, checked and created at the service. */
  async sendPendingPayouts(): Promise<Array<Payout | null>> {
    return sendPendingPayouts(this.payoutContext())
  }

  /** Payouts in flight settled through their status, every due one in batches; answers how many were claimed. */
  async syncAllDuePayouts(): Promise<number> {
    return syncAllDuePayouts(this.payoutContext())
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
    return (await this.takeNotification(id, leaseSeconds)) !== null
  }

  /** `claimNotification`, answering the row as claimed (null when not claimed): processing starts from it. */
  async takeNotification(
    id: string,
    leaseSeconds: number
  ): Promise<NotificationRow | null> {
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

  /** One row as the inbox lists it (a notification, or money that needs a person without one), or null. */
  async inboxRow(
    source: Parameters<typeof inboxRow>[1],
    id: string
  ): ReturnType<typeof inboxRow> {
    return inboxRow(this.#db(), source, id)
  }

  /**
   * Marks a payment or a refund that needs a person resolved, settled outside the plugin; false when it is
   * resolved already or the inbox no longer lists it.
   */
  async resolveAttentionRow(
    source: AttentionSource,
    id: string,
    note: string,
    by: string | null
  ): Promise<boolean> {
    return resolveAttentionRow(this.#db(), source, id, note, by)
  }

  /** Marks a row a person settled outside the plugin; false when its state does not allow it. */
  async resolveNotification(
    id: string,
    note: string,
    by: string | null
  ): Promise<boolean> {
    return resolveNotification(this.#db(), id, note, by)
  }

  /**
   * What a refund of an inbox row would send back (its amount, the payer's wallet and currency), whether
   * the inbox offers it, other refunds of the payment, and the payment collections its sessions belong to.
   */
  async inboxRefundTarget(
    row: Parameters<typeof inboxRefundTarget>[1]
  ): Promise<InboxRefundTarget> {
    return inboxRefundTarget(this.#db(), row)
  }

  /** The refund register row of an inbox row's refund, if one was started. */
  async inboxRefundOf(notificationId: string): Promise<RefundRow | null> {
    return inboxRefundOf(this.#db(), notificationId)
  }

  /** Takes a `needs_attention` row for its refund; false when an instance holds it (a refund, a retry). */
  async claimForRefund(id: string): Promise<boolean> {
    return claimForRefund(this.#db(), id)
  }

  /** Lets go of a row whose refund did not go through: it still needs a person. */
  async releaseRefundClaim(id: string): Promise<void> {
    await releaseRefundClaim(this.#db(), id)
  }

  /** Sends an inbox row's payment back to the payer's wallet through the refund register (refund-transfer.ts). */
  async sendInboxRefund(
    row: Parameters<typeof inboxRefundTarget>[1]
  ): Promise<RefundRow> {
    const target = await inboxRefundTarget(this.#db(), row)
    return sendRefundTransfer(
      refundTransferContext(this.#db(), {
        client: this.getClient(),
        guard: this.getPollingGuard(),
        logger: this.#logger(),
      }),
      target.transfer
    )
  }

  /** The refund was sent: the row is resolved with what was done, by whom, and its claim released. */
  async markRefunded(
    id: string,
    note: string,
    by: string | null
  ): Promise<void> {
    await markRefunded(this.#db(), id, note, by)
  }

  /**
   * Claims registered payments due for a look at the service, inside the window of the option
   * `reconcileWindowDays`, each with the live session that holds it (payment-register.ts).
   */
  async claimDuePayments(limit: number): Promise<DuePayment[]> {
    return claimDuePayments(this.#db(), {
      windowDays: this.getOptions().reconcileWindowDays,
      limit,
    })
  }

  /** A registered payment by its `shop_order_id` (without the payer's wallet), for one look now. */
  async registeredPayment(
    shopOrderId: string
  ): Promise<Omit<RegisteredPayment, "payer_account"> | undefined> {
    return registeredPayment(this.#db(), shopOrderId)
  }

  /** Stops looking at a registered payment: it was captured, or it ended without money. */
  async markPaymentSettled(shopOrderId: string): Promise<void> {
    await markPaymentSettled(this.#db(), shopOrderId)
  }

  /**
   * Marks a registered payment the service reports paid that cannot become an order (Medusa holds no session
   * for it, or it was paid another amount or currency: `paid`, what was).
   */
  async markPaidWithoutOrder(
    shopOrderId: string,
    reason: string,
    paid: { amount: string; currency: number } | null = null
  ): Promise<void> {
    await markPaidWithoutOrder(this.#db(), shopOrderId, reason, paid)
  }

  /** Pending orders an interrupted completion left without their payment collection (medusa-tables.ts). */
  async unlinkedOrderIds(s: {
    graceSeconds: number
    limit: number
  }): Promise<string[]> {
    return unlinkedOrderIds(this.#db(), s)
  }

  /** Deletes ended polling windows; returns how many. */
  async prunePollWindows(): Promise<number> {
    return prunePollWindows(this.#db())
  }

  /** An order's Piastrix payments as the order widget shows them, from its sessions. */
  async orderPaymentViews(
    sessions: OrderSessionInput[]
  ): Promise<OrderPaymentView[]> {
    return orderPaymentViews(this.#db(), sessions)
  }

  /** An order's vendor shares with their state and payout (the order widget). */
  async orderVendorShares(orderId: string): Promise<VendorShare[]> {
    return orderVendorShares(this.#db(), orderId)
  }

  /** The live session that carries the payment `shopOrderId` since Medusa replaced its own, or null. */
  async carryingSessionId(shopOrderId: string): Promise<string | null> {
    return carryingSessionId(this.#db(), shopOrderId)
  }

  /** Whether this store opened the payment `shopOrderId` (the register, or a session that ever existed). */
  async isOwnPayment(shopOrderId: string): Promise<boolean> {
    return isOwnPayment(this.#db(), shopOrderId)
  }

  /** Whether some of the payment went back to the payer, or may have: such money never becomes an order. */
  async isPaymentRefunded(shopOrderId: string): Promise<boolean> {
    return isPaymentRefunded(this.#db(), shopOrderId)
  }

  /** Whether a killed completion left an order linked to only one of the cart and the payment collection (medusa-tables.ts). One statement. */
  async collectionLooksInterrupted(
    paymentCollectionId: string
  ): Promise<boolean> {
    return collectionLooksInterrupted(this.#db(), paymentCollectionId)
  }

  /** Orders a killed completion linked to the payment collection but not to a cart (medusa-tables.ts). */
  async interruptedOrdersOfCollection(
    paymentCollectionId: string
  ): Promise<string[]> {
    return interruptedOrdersOfCollection(this.#db(), paymentCollectionId)
  }

  /** The cart's order a killed completion linked to its cart but not to the payment collection (medusa-tables.ts). */
  async orderMissingItsPaymentCollection(
    paymentCollectionId: string
  ): Promise<string | null> {
    return orderMissingItsPaymentCollection(this.#db(), paymentCollectionId)
  }

  /** Sets the outcome of processing a row and releases its claim; `failed` counts an attempt. One statement. */
  async settleNotification(
    id: string,
    state: NotificationState,
    lastError: string | null = null
  ): Promise<NotificationRow> {
    const row = await settleNotification(this.#db(), id, state, lastError)
    if (!row) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `PiastrixNotification with id: ${id} was not found`
      )
    }
    return row
  }
}

export default PiastrixModuleService
