import { useQuery } from "@tanstack/react-query"
import type { BalanceRow, DirectionRow } from "../../../types/admin-responses"
import { sdk } from "./client"

/** The shop at the service: its balances and its payment and payout directions. */

// The service's answers are not cached beyond the page's life: balances change, and a failure must show.
export const useBalances = () =>
  useQuery({
    queryKey: ["piastrix", "balances"],
    queryFn: () =>
      sdk.client.fetch<{ balances: BalanceRow[] }>("/admin/piastrix/balances"),
    retry: false,
  })

export const useDirections = () =>
  useQuery({
    queryKey: ["piastrix", "directions"],
    queryFn: () =>
      sdk.client.fetch<{ payments: DirectionRow[]; payouts: DirectionRow[] }>(
        "/admin/piastrix/directions"
      ),
    retry: false,
  })
