import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  InboxPage,
  InboxRowView,
  InboxSource,
  NotificationState,
} from "../../../types/admin-responses"
import { PAGE_SIZE, sdk } from "./client"

/** The notification inbox: a page of it, the count that needs a person, and retry, resolve and refund. */

const notificationsKey = ["piastrix", "notifications"] as const

export const useInbox = (
  state: NotificationState | undefined,
  offset: number
) =>
  useQuery({
    queryKey: [...notificationsKey, state ?? "all", offset],
    queryFn: () =>
      sdk.client.fetch<
        Omit<InboxPage, "notifications"> & {
          notifications: InboxRowView[]
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
    queryKey: [...notificationsKey, "attention-count"],
    queryFn: () =>
      sdk.client.fetch<InboxPage>("/admin/piastrix/notifications", {
        query: { state: "needs_attention", limit: 1 },
      }),
    refetchInterval: 60_000,
  })

/** "Mark resolved": any row that needs a person, by its id and where it comes from; the inbox is read again. */
export const useResolveNotification = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({
      id,
      note,
      source,
    }: {
      id: string
      note: string
      source: InboxSource
    }) =>
      sdk.client.fetch<{ notification: InboxPage["notifications"][number] }>(
        `/admin/piastrix/notifications/${id}/resolve`,
        { method: "POST", body: { note, source } }
      ),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
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
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
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
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  })
}
