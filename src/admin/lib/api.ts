import Medusa, { FetchError } from "@medusajs/js-sdk"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  BalanceRow,
  ConnectionReport,
  DirectionRow,
  OptionView,
} from "../../lib/plugin/admin-views"
import type { InboxPage, NotificationState } from "../../lib/plugin/inbox"
import type { InboxRowView } from "../../lib/plugin/inbox-orders"
import type { SettingView } from "../../lib/plugin/settings"
import type { OrderPaymentView } from "../../lib/plugin/order-payments"
import type { BankTransferView } from "../../lib/plugin/bank-transfer"
import type { Payout, PayoutStatus } from "../../lib/payouts/payouts"
import type { Recipient } from "../../lib/payouts/recipients"
import type { VendorShare } from "../../lib/payouts/order-shares"

/**
 * The plugin's admin API (src/api/admin/piastrix) through Medusa's JS SDK, with the admin's session, and
 * react-query hooks the way Medusa's dashboard uses them. Shapes mirror the routes' answers. Over 300
 * lines: one short hook per admin route.
 */
export const sdk = new Medusa({ baseUrl: "/", auth: { type: "session" } })

// The routes' answers, typed by the server code that shapes them (type-only: nothing of it is bundled).
export type {
  BalanceRow,
  ConnectionReport,
  CredentialsState,
  DirectionRow,
  OptionView,
} from "../../lib/plugin/admin-views"
export type { InboxPage, NotificationState } from "../../lib/plugin/inbox"
export type Settings = {
  options: OptionView[]
  settings: SettingView[]
  callback_url: string | null
  provider_ids: string[]
}
export type Notification = InboxRowView
export type { OrderPaymentView } from "../../lib/plugin/order-payments"
export type {
  BankTransferView,
  ReceiptView,
  Requisites,
} from "../../lib/plugin/bank-transfer"
export type { Payout, PayoutStatus } from "../../lib/payouts/payouts"
export type { Recipient } from "../../lib/payouts/recipients"
export type { VendorShare } from "../../lib/payouts/order-shares"

/** The message an API error carries (the routes name the field or the service's reason). */
export function messageOf(error: unknown): string {
  if (error instanceof FetchError || error instanceof Error) {
    return error.message
  }
  return String(error)
}

const keys = {
  settings: ["piastrix", "settings"] as const,
  balances: ["piastrix", "balances"] as const,
  directions: ["piastrix", "directions"] as const,
  inbox: (state: string | undefined, offset: number) =>
    ["piastrix", "notifications", state ?? "all", offset] as const,
  orderPayments: (orderId: string) =>
    ["piastrix", "order-payments", orderId] as const,
  bankTransfer: (orderId: string, sessionId: string) =>
    [
      "piastrix",
      "order-payments",
      orderId,
      "bank-transfer",
      sessionId,
    ] as const,
}

export const useSettings = () =>
  useQuery({
    queryKey: keys.settings,
    queryFn: () => sdk.client.fetch<Settings>("/admin/piastrix/settings"),
  })

export type { SettingView } from "../../lib/plugin/settings"

/** Changes operational settings (null: back to the default); the page reads them again. */
export const useSaveSettings = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (settings: Record<string, unknown>) =>
      sdk.client.fetch<{ settings: SettingView[] }>(
        "/admin/piastrix/settings",
        { method: "POST", body: { settings } }
      ),
    onSettled: () => client.invalidateQueries({ queryKey: keys.settings }),
  })
}

// The service's answers are not cached beyond the page's life: balances change, and a failure must show.
export const useBalances = () =>
  useQuery({
    queryKey: keys.balances,
    queryFn: () =>
      sdk.client.fetch<{ balances: BalanceRow[] }>("/admin/piastrix/balances"),
    retry: false,
  })

export const useDirections = () =>
  useQuery({
    queryKey: keys.directions,
    queryFn: () =>
      sdk.client.fetch<{ payments: DirectionRow[]; payouts: DirectionRow[] }>(
        "/admin/piastrix/directions"
      ),
    retry: false,
  })

export const useConnectionTest = () =>
  useMutation({
    mutationFn: (body: { shop_id?: number; secret_key?: string }) =>
      sdk.client.fetch<ConnectionReport>("/admin/piastrix/connection-test", {
        method: "POST",
        body,
      }),
  })

export const PAGE_SIZE = 20

export const useInbox = (
  state: NotificationState | undefined,
  offset: number
) =>
  useQuery({
    queryKey: keys.inbox(state, offset),
    queryFn: () =>
      sdk.client.fetch<
        Omit<InboxPage, "notifications"> & {
          notifications: Notification[]
          limit: number
          offset: number
        }
      >("/admin/piastrix/notifications", {
        query: { ...(state ? { state } : {}), limit: PAGE_SIZE, offset },
      }),
  })

/** How many notifications need a person, for the navigation; read again every minute. */
export const useAttentionCount = () =>
  useQuery({
    queryKey: ["piastrix", "notifications", "attention-count"],
    queryFn: () =>
      sdk.client.fetch<InboxPage>("/admin/piastrix/notifications", {
        query: { state: "needs_attention", limit: 1 },
      }),
    refetchInterval: 60_000,
  })

export const useResolveNotification = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      sdk.client.fetch<{ notification: InboxPage["notifications"][number] }>(
        `/admin/piastrix/notifications/${id}/resolve`,
        { method: "POST", body: { note } }
      ),
    onSettled: () =>
      client.invalidateQueries({ queryKey: ["piastrix", "notifications"] }),
  })
}

export const useRetryNotification = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      sdk.client.fetch<{ outcome: NotificationState }>(
        `/admin/piastrix/notifications/${id}/retry`,
        { method: "POST", body: {} }
      ),
    onSettled: () =>
      client.invalidateQueries({ queryKey: ["piastrix", "notifications"] }),
  })
}

/** "Refund": money without an order sent back to the payer's wallet, once; the inbox is read again. */
export const useRefundNotification = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      sdk.client.fetch<{
        notification: InboxPage["notifications"][number]
        refund: {
          amount: string
          currency_code: string
          payee: string | null
          transfer_id: string | null
          shop_payment_id: string
        }
      }>(`/admin/piastrix/notifications/${id}/refund`, {
        method: "POST",
        body: {},
      }),
    onSettled: () =>
      client.invalidateQueries({ queryKey: ["piastrix", "notifications"] }),
  })
}

export const useOrderPayments = (orderId: string) =>
  useQuery({
    queryKey: keys.orderPayments(orderId),
    queryFn: () =>
      sdk.client.fetch<{
        payments: OrderPaymentView[]
        vendors: VendorShare[]
      }>(`/admin/piastrix/orders/${orderId}/payments`),
  })

/** A bank transfer's requisites and receipts (one status read within the service's polling limits). */
export const useOrderBankTransfer = (orderId: string, sessionId: string) =>
  useQuery({
    queryKey: keys.bankTransfer(orderId, sessionId),
    queryFn: () =>
      sdk.client.fetch<BankTransferView & { session_id: string }>(
        `/admin/piastrix/orders/${orderId}/payments/${sessionId}/bank-transfer`
      ),
    // The service is asked at most once per 10 s per payment anyway; no retry storm on a 502.
    retry: false,
  })

/** "Check status now": one look at the service within its polling limits; the answer replaces the view. */
export const useCheckOrderPayment = (orderId: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (sessionId: string) =>
      sdk.client.fetch<{
        check: { outcome: string; detail: string }
        outcome: string
        payments: OrderPaymentView[]
      }>(`/admin/piastrix/orders/${orderId}/payments/${sessionId}/check`, {
        method: "POST",
        body: {},
      }),
    onSuccess: (answer, sessionId) => {
      client.setQueryData(
        keys.orderPayments(orderId),
        (old: { vendors: VendorShare[] } | undefined) => ({
          vendors: old?.vendors ?? [],
          payments: answer.payments,
        })
      )
      // The check's answer is the guard's last one: reading the transfer again asks the service nothing.
      void client.invalidateQueries({
        queryKey: keys.bankTransfer(orderId, sessionId),
      })
    },
  })
}

/** Payouts by status, recipient and creation period (each optional), a page at a time. */
export const usePayouts = (
  filters: {
    id?: string
    status?: PayoutStatus
    recipient_id?: string
    created_after?: string
    created_before?: string
  },
  offset: number
) =>
  useQuery({
    queryKey: ["piastrix", "payouts", filters, offset],
    queryFn: () =>
      sdk.client.fetch<{ payouts: Payout[]; count: number }>(
        "/admin/piastrix/payouts",
        {
          query: {
            ...Object.fromEntries(
              Object.entries(filters).filter(([, v]) => v !== undefined)
            ),
            limit: PAGE_SIZE,
            offset,
          },
        }
      ),
  })

export const useRecipients = () =>
  useQuery({
    queryKey: ["piastrix", "recipients"],
    queryFn: () =>
      sdk.client.fetch<{ recipients: Recipient[]; count: number }>(
        "/admin/piastrix/recipients",
        { query: { limit: 200 } }
      ),
  })

/** Create, approve, cancel or retry a payout; the list is read again afterwards. */
export const usePayoutAction = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (
      action:
        | { type: "create"; recipient_id: string; amount?: string }
        | { type: "approve" | "retry"; id: string }
        | { type: "cancel"; id: string; reason: string }
    ) => {
      if (action.type === "create") {
        const { type: _type, ...body } = action
        return sdk.client.fetch<{ payout: Payout }>("/admin/piastrix/payouts", {
          method: "POST",
          body,
        })
      }
      const body = action.type === "cancel" ? { reason: action.reason } : {}
      return sdk.client.fetch<{ payout: Payout }>(
        `/admin/piastrix/payouts/${action.id}/${action.type}`,
        {
          method: "POST",
          body,
        }
      )
    },
    onSettled: () =>
      client.invalidateQueries({ queryKey: ["piastrix", "payouts"] }),
  })
}

/** What POST /admin/piastrix/payouts/quote answers: nothing is written. */
export type PayoutQuote = {
  recipient_id: string
  rail: "transfer" | "withdraw"
  payway: string | null
  /** Masked by the server. */
  account: string | null
  currency_code: string
  amount: string
  fee: string | null
  payee_receives: string
  payee_currency_code: string
  awaits_approval: boolean
  account_check: {
    result: "ok" | "refused" | "unknown"
    reason: string | null
  } | null
}

/** "Get quote": the amount (or all payable), the fee and what the payee receives; withdraws with the account check. */
export const useQuotePayout = () =>
  useMutation({
    mutationFn: (
      body: { recipient_id: string } & ({ amount: string } | { all: true })
    ) =>
      sdk.client.fetch<{ quote: PayoutQuote }>(
        "/admin/piastrix/payouts/quote",
        { method: "POST", body }
      ),
  })

/** A recipient's payout schedules, as the recipients API takes them. */
export const SCHEDULES = ["daily", "weekly", "monthly", "manual"] as const

export type RecipientDetail = {
  recipient: Recipient
  /** "RUB" */
  currency_code: string
  balances: Partial<Record<string, string>>
}
export type LedgerEntry = {
  id: string
  transaction_id: string
  account: string
  amount: string
  kind: string
  reason: string | null
  order_id: string | null
  /** The order as the admin names it, when the entry is an order's and Medusa still has it. */
  order: { id: string; display_id: number } | null
  payout_id: string | null
  created_at: string
}
export type RecipientInput = Partial<
  Omit<Recipient, "id" | "account_details">
> & { account_details?: Record<string, string> | null }

const recipientKey = (id: string) => ["piastrix", "recipients", id] as const

export const useRecipientPage = (offset: number) =>
  useQuery({
    queryKey: ["piastrix", "recipients", "page", offset],
    queryFn: () =>
      sdk.client.fetch<{ recipients: Recipient[]; count: number }>(
        "/admin/piastrix/recipients",
        { query: { limit: PAGE_SIZE, offset } }
      ),
  })

export const useRecipient = (id: string) =>
  useQuery({
    queryKey: recipientKey(id),
    queryFn: () =>
      sdk.client.fetch<RecipientDetail>(`/admin/piastrix/recipients/${id}`),
  })

export const useRecipientLedger = (
  id: string,
  offset: number,
  period: { created_after?: string; created_before?: string }
) =>
  useQuery({
    queryKey: [...recipientKey(id), "ledger", offset, period],
    queryFn: () =>
      sdk.client.fetch<{ entries: LedgerEntry[]; count: number }>(
        `/admin/piastrix/recipients/${id}/ledger`,
        { query: { limit: PAGE_SIZE, offset, ...period } }
      ),
  })

export const useRecipientProducts = (id: string) =>
  useQuery({
    queryKey: [...recipientKey(id), "products"],
    queryFn: () =>
      sdk.client.fetch<{ products: Array<{ id: string; title: string }> }>(
        `/admin/piastrix/recipients/${id}/products`
      ),
  })

/** The store's products whose title matches, to link one to a recipient. */
export const useProductSearch = (q: string) =>
  useQuery({
    queryKey: ["piastrix", "product-search", q],
    queryFn: () =>
      sdk.client.fetch<{ products: Array<{ id: string; title: string }> }>(
        "/admin/products",
        { query: { q, limit: 10, fields: "id,title" } }
      ),
    enabled: q.trim().length > 0,
  })

/** Creates a recipient (no id) or changes one; every recipient query is read again afterwards. */
export const useSaveRecipient = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: RecipientInput & { id?: string }) =>
      sdk.client.fetch<{ recipient: Recipient }>(
        id ? `/admin/piastrix/recipients/${id}` : "/admin/piastrix/recipients",
        { method: "POST", body }
      ),
    onSettled: () =>
      client.invalidateQueries({ queryKey: ["piastrix", "recipients"] }),
  })
}

/** `/check_account` for a withdraw recipient: whether the service would pay its account `amount` now. */
export const useCheckAccount = (id: string) =>
  useMutation({
    mutationFn: (amount: string) =>
      sdk.client.fetch<{
        result: "ok" | "refused" | "unknown"
        reason: string | null
      }>(`/admin/piastrix/recipients/${id}/check-account`, {
        method: "POST",
        body: { amount },
      }),
  })

export const useLinkProducts = (id: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { add?: string[]; remove?: string[] }) =>
      sdk.client.fetch<{ products: Array<{ id: string; title: string }> }>(
        `/admin/piastrix/recipients/${id}/products`,
        { method: "POST", body }
      ),
    onSuccess: (answer) =>
      client.setQueryData([...recipientKey(id), "products"], answer),
  })
}
