import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  BankTransferView,
  OrderPaymentView,
  VendorShare,
} from "../../../types/admin-responses"
import { sdk } from "./client"

/** An order's Piastrix payments, for the order widget: the payments, a bank transfer, a status check. */

const orderPaymentsKey = (orderId: string) =>
  ["piastrix", "order-payments", orderId] as const
const bankTransferKey = (orderId: string, sessionId: string) =>
  [...orderPaymentsKey(orderId), "bank-transfer", sessionId] as const

export const useOrderPayments = (orderId: string) =>
  useQuery({
    queryKey: orderPaymentsKey(orderId),
    queryFn: () =>
      sdk.client.fetch<{
        payments: OrderPaymentView[]
        vendors: VendorShare[]
      }>(`/admin/piastrix/orders/${orderId}/payments`),
  })

/** A bank transfer's requisites and receipts (one status read within the service's polling limits). */
export const useOrderBankTransfer = (orderId: string, sessionId: string) =>
  useQuery({
    queryKey: bankTransferKey(orderId, sessionId),
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
        orderPaymentsKey(orderId),
        (old: { vendors: VendorShare[] } | undefined) => ({
          vendors: old?.vendors ?? [],
          payments: answer.payments,
        })
      )
      // The check's answer is the guard's last one: reading the transfer again asks the service nothing.
      void client.invalidateQueries({
        queryKey: bankTransferKey(orderId, sessionId),
      })
      // A payment captured or failed changes Medusa's own order page (its payment badges and totals): the
      // dashboard reads the order again (its query keys start with "orders").
      if (answer.outcome === "captured" || answer.outcome === "failed") {
        void client.invalidateQueries({ queryKey: ["orders"] })
      }
    },
  })
}
