import Medusa, { FetchError } from "@medusajs/js-sdk"

/**
 * The plugin's admin API (src/api/admin/piastrix) through Medusa's JS SDK, with the admin's session. The
 * hooks, one file per resource as Medusa's dashboard keeps them (`hooks/api/payments.tsx`), use it with
 * react-query; the answers' types are src/types/admin-responses.ts, shared with the routes.
 */
export const sdk = new Medusa({ baseUrl: "/", auth: { type: "session" } })

/** The message an API error carries (the routes name the field or the service's reason). */
export function messageOf(error: unknown): string {
  if (error instanceof FetchError || error instanceof Error) {
    return error.message
  }
  return String(error)
}

/** Rows per page of every paged list. */
export const PAGE_SIZE = 20
