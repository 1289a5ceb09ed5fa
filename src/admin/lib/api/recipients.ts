import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  AccountCheck,
  Recipient,
  RecipientView,
  RecipientDetail,
} from "../../../types/admin-responses"
import { PAGE_SIZE, sdk } from "./client"

/** Payout recipients: lists, one recipient, its products, saving it and checking its account. */

/** A recipient's payout schedules, as the recipients API takes them. */
export const SCHEDULES = ["daily", "weekly", "monthly", "manual"] as const

/** What the recipient form sends: the account's details in the clear, masked by the server once stored. */
export type RecipientInput = Partial<
  Omit<Recipient, "id" | "account_details">
> & { account_details?: Record<string, string> | null }

const recipientsKey = ["piastrix", "recipients"] as const
export const recipientKey = (id: string) => [...recipientsKey, id] as const

type Products = { products: Array<{ id: string; title: string }> }

export const useRecipients = () =>
  useQuery({
    queryKey: recipientsKey,
    queryFn: () =>
      sdk.client.fetch<{ recipients: RecipientView[]; count: number }>(
        "/admin/piastrix/recipients",
        { query: { limit: 200 } }
      ),
  })

export const useRecipientPage = (offset: number) =>
  useQuery({
    queryKey: [...recipientsKey, "page", offset],
    queryFn: () =>
      sdk.client.fetch<{ recipients: RecipientView[]; count: number }>(
        "/admin/piastrix/recipients",
        { query: { limit: PAGE_SIZE, offset } }
      ),
  })

/** One recipient with its balances; nothing is asked while `id` is not known yet (a payout still loading). */
export const useRecipient = (id: string) =>
  useQuery({
    queryKey: recipientKey(id),
    queryFn: () =>
      sdk.client.fetch<RecipientDetail>(`/admin/piastrix/recipients/${id}`),
    enabled: id !== "",
  })

export const useRecipientProducts = (id: string) =>
  useQuery({
    queryKey: [...recipientKey(id), "products"],
    queryFn: () =>
      sdk.client.fetch<Products>(`/admin/piastrix/recipients/${id}/products`),
  })

/** The store's products whose title matches, to link one to a recipient. */
export const useProductSearch = (q: string) =>
  useQuery({
    queryKey: ["piastrix", "product-search", q],
    queryFn: () =>
      sdk.client.fetch<Products>("/admin/products", {
        query: { q, limit: 10, fields: "id,title" },
      }),
    enabled: q.trim().length > 0,
  })

/** Creates a recipient (no id) or changes one; every recipient query is read again afterwards. */
export const useSaveRecipient = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: RecipientInput & { id?: string }) =>
      sdk.client.fetch<{ recipient: RecipientView }>(
        id ? `/admin/piastrix/recipients/${id}` : "/admin/piastrix/recipients",
        { method: "POST", body }
      ),
    onSettled: () => client.invalidateQueries({ queryKey: recipientsKey }),
  })
}

/** `/check_account` for a withdraw recipient: whether the service would pay its account `amount` now. */
export const useCheckAccount = (id: string) =>
  useMutation({
    mutationFn: (amount: string) =>
      sdk.client.fetch<AccountCheck>(
        `/admin/piastrix/recipients/${id}/check-account`,
        {
          method: "POST",
          body: { amount },
        }
      ),
  })

export const useLinkProducts = (id: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { add?: string[]; remove?: string[] }) =>
      sdk.client.fetch<Products>(`/admin/piastrix/recipients/${id}/products`, {
        method: "POST",
        body,
      }),
    onSuccess: (answer) =>
      client.setQueryData([...recipientKey(id), "products"], answer),
  })
}

/**
 * Corrects the recipient's available balance (positive or negative) with a reason. One key per form, so a
 * repeated click posts once; the recipient and its ledger are read again.
 */
export const useAdjustBalance = (id: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: {
      amount: string
      reason: string
      idempotency_key: string
    }) =>
      sdk.client.fetch<{ transaction_id: string }>(
        `/admin/piastrix/recipients/${id}/adjustments`,
        { method: "POST", body }
      ),
    onSettled: () => client.invalidateQueries({ queryKey: recipientKey(id) }),
  })
}
