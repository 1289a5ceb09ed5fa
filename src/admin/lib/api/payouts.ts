import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  PayoutView,
  PayoutQuote,
  PayoutStatus,
} from "../../../types/admin-responses"
import { PAGE_SIZE, sdk } from "./client"

/** Payouts: the list, a quote, and create, approve, cancel or retry. */

const payoutsKey = ["piastrix", "payouts"] as const

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
    queryKey: [...payoutsKey, filters, offset],
    queryFn: () =>
      sdk.client.fetch<{ payouts: PayoutView[]; count: number }>(
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

/** One payout, for its page. */
export const usePayout = (id: string) =>
  useQuery({
    queryKey: [...payoutsKey, id],
    queryFn: () =>
      sdk.client.fetch<{ payout: PayoutView }>(`/admin/piastrix/payouts/${id}`),
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
        return sdk.client.fetch<{ payout: PayoutView }>(
          "/admin/piastrix/payouts",
          {
            method: "POST",
            body,
          }
        )
      }
      const body = action.type === "cancel" ? { reason: action.reason } : {}
      return sdk.client.fetch<{ payout: PayoutView }>(
        `/admin/piastrix/payouts/${action.id}/${action.type}`,
        {
          method: "POST",
          body,
        }
      )
    },
    onSettled: () => client.invalidateQueries({ queryKey: payoutsKey }),
  })
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
