import {
  pollSlot,
  type PiastrixClient,
  type PollingGuard,
  type ShopInputConfigResult,
} from "../../../lib/piastrix"
import { POLL_TABLE } from "./postgres-poll-store"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"

const ENDPOINT = "/shop_input_config/shop"

/**
 * The shop's payment directions, as every session start and store route reads them: one answer per
 * installation for five minutes, kept by the shop's polling guard in Postgres (`piastrix_poll`), so every
 * instance reuses it and concurrent callers in a process share one request. A failed fetch is not kept.
 */
export async function cachedShopInputConfig(
  client: PiastrixClient,
  guard: PollingGuard
): Promise<ShopInputConfigResult> {
  const result = await guard.run(ENDPOINT, String(client.shopId), () =>
    client.shopInputConfig()
  )
  return result.value
}

/**
 * Forgets the kept directions, so the next reader asks the service: the admin's directions page calls
 * it after reading them fresh, which is how an operator makes a newly enabled direction show at once.
 */
export async function forgetShopInputConfig(
  db: SqlConnection,
  shopId: number
): Promise<void> {
  await db.raw(
    `delete from ${POLL_TABLE} where id = ? and (claimed_until is null or claimed_until < clock_timestamp())`,
    [pollSlot(ENDPOINT, String(shopId))]
  )
}
