import { useQuery } from "@tanstack/react-query"
import type { LedgerEntryView } from "../../../types/admin-responses"
import { PAGE_SIZE, sdk } from "./client"
import { recipientKey } from "./recipients"

/** A recipient's ledger entries, a page at a time, within a creation period. */
export const useRecipientLedger = (
  id: string,
  offset: number,
  period: { created_after?: string; created_before?: string }
) =>
  useQuery({
    queryKey: [...recipientKey(id), "ledger", offset, period],
    queryFn: () =>
      sdk.client.fetch<{ entries: LedgerEntryView[]; count: number }>(
        `/admin/piastrix/recipients/${id}/ledger`,
        { query: { limit: PAGE_SIZE, offset, ...period } }
      ),
  })
