import { BlockList, isIP } from "node:net"

/**
 * Optional defence in depth for the callback route: is the request from one of the service's
 * published sender addresses? The signature is the gate; this is off unless the store enables it,
 * and the published list may be outdated (docs/service-facts.md#callbacks), so it is configurable.
 */

/** The sender addresses the service published (docs/service-facts.md#callbacks). */
export const PIASTRIX_SENDER_IPS: readonly string[] = [
  "87.98.145.206",
  "51.68.53.104",
  "51.68.53.105",
  "51.68.53.106",
  "51.68.53.107",
  "91.121.216.63",
  "37.48.108.180",
  "37.48.108.181",
]

/** Request headers as Node and Express give them (lowercase names). */
export type SenderHeaders = Record<string, string | string[] | undefined>

export interface SenderAllowlistOptions {
  /** Addresses (IPv4 or IPv6) or CIDR subnets ("51.68.53.104/30"); default `PIASTRIX_SENDER_IPS`. */
  allowlist?: readonly string[]
  /**
   * How many reverse proxies stand in front of Medusa (`true` = 1). Unset or 0: forwarding headers
   * are ignored, because anyone can send them; only the socket address counts.
   */
  trustProxy?: boolean | number
  /**
   * The header the nearest proxy puts the client address in. `x-forwarded-for` (default) is read
   * from the right, skipping one entry per trusted proxy; any other header (`x-real-ip`,
   * `cf-connecting-ip`) is taken as the proxy wrote it.
   */
  proxyHeader?: string
}

export interface SenderCheckOptions extends SenderAllowlistOptions {
  headers?: SenderHeaders
}

/** Strips what proxies and Node add around an address: spaces, a port, brackets, the IPv4-in-IPv6 form. */
function normalizeAddress(value: string | null | undefined): string | null {
  if (typeof value !== "string") {
    return null
  }
  let address = value.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address)
  if (bracketed) {
    address = bracketed[1]
  }
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address)
  if (v4WithPort) {
    address = v4WithPort[1]
  }
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) {
    address = mapped[1]
  }
  return isIP(address) === 0 ? null : address.toLowerCase()
}

function headerValues(
  headers: SenderHeaders | undefined,
  name: string
): string[] {
  if (!headers) {
    return []
  }
  const wanted = name.toLowerCase()
  const key = Object.keys(headers).find((k) => k.toLowerCase() === wanted)
  const value = key === undefined ? undefined : headers[key]
  const joined = Array.isArray(value) ? value.join(",") : (value ?? "")
  return joined
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
}

function trustedHops(trustProxy: boolean | number | undefined): number {
  if (trustProxy === true) {
    return 1
  }
  return typeof trustProxy === "number" &&
    Number.isInteger(trustProxy) &&
    trustProxy > 0
    ? trustProxy
    : 0
}

/**
 * The address that sent the request, or null when it cannot be known (no socket address, or fewer
 * forwarding entries than trusted proxies, which means someone bypassed a proxy).
 */
export function resolveSenderAddress(
  ip: string | null | undefined,
  options: Omit<SenderCheckOptions, "allowlist"> = {}
): string | null {
  const hops = trustedHops(options.trustProxy)
  if (hops === 0) {
    return normalizeAddress(ip)
  }
  const header = (options.proxyHeader ?? "x-forwarded-for").toLowerCase()
  const values = headerValues(options.headers, header)
  if (header !== "x-forwarded-for") {
    return normalizeAddress(values[0])
  }
  // Each proxy appends the address it saw; only the last `hops` entries were written by ours.
  const chain = [...values, ip ?? ""]
  const index = chain.length - 1 - hops
  return index < 0 ? null : normalizeAddress(chain[index])
}

/**
 * Builds a sender check once (at boot). Throws a TypeError naming the entry when the allowlist
 * holds something that is not an address or subnet; the returned check never throws.
 */
export function createSenderAllowlist(
  options: SenderAllowlistOptions = {}
): (ip: string | null | undefined, headers?: SenderHeaders) => boolean {
  const list = new BlockList()
  for (const entry of options.allowlist ?? PIASTRIX_SENDER_IPS) {
    const [base, prefix, extra] = String(entry).trim().split("/")
    const address = normalizeAddress(base)
    const family = address === null ? 0 : isIP(address)
    const bits = prefix === undefined ? undefined : Number(prefix)
    const maxBits = family === 6 ? 128 : 32
    if (
      address === null ||
      extra !== undefined ||
      (bits !== undefined &&
        !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits))
    ) {
      throw new TypeError(
        `callback sender allowlist: "${entry}" is not an IP address or subnet`
      )
    }
    const type = family === 6 ? "ipv6" : "ipv4"
    if (bits === undefined) {
      list.addAddress(address, type)
    } else {
      list.addSubnet(address, bits, type)
    }
  }

  return (ip, headers) => {
    const address = resolveSenderAddress(ip, { ...options, headers })
    if (address === null) {
      return false
    }
    return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4")
  }
}

/**
 * Whether `ip` (the socket address, e.g. `req.socket.remoteAddress`) is an allowed sender.
 * Forwarding headers are read only when `trustProxy` is set.
 */
export function isAllowedSender(
  ip: string | null | undefined,
  options: SenderCheckOptions = {}
): boolean {
  return createSenderAllowlist(options)(ip, options.headers)
}
