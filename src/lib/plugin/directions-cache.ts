import type { PiastrixClient, ShopInputConfigResult } from "../piastrix"

/**
 * The shop's payment directions change rarely (the account manager enables them), and every session
 * start needs them: one copy per shop per process, kept for five minutes. Shared by the provider and
 * the store routes through `globalThis`, since Medusa may load this file more than once. A failed
 * fetch is not cached.
 */
export const INPUT_CONFIG_TTL_MS = 5 * 60_000

type Entry = { value: ShopInputConfigResult; at: number }
type Cache = {
  entries: Map<string, Entry>
  inflight: Map<string, Promise<ShopInputConfigResult>>
}

const CACHE = Symbol.for("medusa-payment-piastrix.input-config-cache")

function cache(): Cache {
  const holder = globalThis as unknown as Record<symbol, Cache | undefined>
  return (holder[CACHE] ??= { entries: new Map(), inflight: new Map() })
}

const keyOf = (client: PiastrixClient) => `${client.apiUrl}|${client.shopId}`

export async function cachedShopInputConfig(
  client: PiastrixClient,
  now: () => number = Date.now
): Promise<ShopInputConfigResult> {
  const { entries, inflight } = cache()
  const key = keyOf(client)
  const entry = entries.get(key)
  if (entry && now() - entry.at < INPUT_CONFIG_TTL_MS) {
    return entry.value
  }
  let pending = inflight.get(key)
  if (!pending) {
    pending = client
      .shopInputConfig()
      .then((value) => {
        entries.set(key, { value, at: now() })
        return value
      })
      .finally(() => inflight.delete(key))
    inflight.set(key, pending)
  }
  return pending
}

/** Forgets the cached directions of one shop, or of every shop. */
export function clearShopInputConfigCache(client?: PiastrixClient): void {
  const { entries } = cache()
  if (client) {
    entries.delete(keyOf(client))
  } else {
    entries.clear()
  }
}
