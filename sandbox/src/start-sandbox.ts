import type { AddressInfo } from "node:net"
import type { Sandbox as SandboxType } from "./sandbox"
import { Sandbox } from "./sandbox"
import { createSandboxServer } from "./server"
import {
  parseShopConfig,
  type ShopConfig,
  type ShopConfigInput,
} from "./shop-config"

export type StartSandboxOptions = {
  /** 0 (default) picks a free port. */
  port?: number
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  /** The shop; anything left out takes the defaults of shop-config.ts. */
  config?: ShopConfigInput
  /** Shorthands that override `config`. */
  shopId?: number
  secret?: string
  /** JSON file that keeps the state across restarts. */
  statePath?: string
}

export type RunningSandbox = {
  /** Base address of every endpoint ({base_url}, {h2h_url} and {receipt_base_url} alike). */
  url: string
  port: number
  config: ShopConfig
  /** State, clock, faults and actions of the emulated shop, for tests in the same process. */
  sandbox: SandboxType
  close(): Promise<void>
}

export async function startSandbox(
  options: StartSandboxOptions = {}
): Promise<RunningSandbox> {
  const config = parseShopConfig({
    ...options.config,
    ...(options.shopId !== undefined ? { shopId: options.shopId } : {}),
    ...(options.secret !== undefined ? { secret: options.secret } : {}),
  })
  const sandbox = new Sandbox(config, options.statePath)
  const server = createSandboxServer(sandbox)
  const host = options.host ?? "127.0.0.1"
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const shownHost =
    host === "0.0.0.0" || host === "::"
      ? "localhost"
      : host.includes(":")
        ? `[${host}]`
        : host
  const url = (config.publicUrl ?? `http://${shownHost}:${port}`).replace(
    /\/+$/,
    ""
  )
  sandbox.setBaseUrl(url)

  let closing: Promise<void> | null = null
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await sandbox.close()
    })()
    return closing
  }
  return { url, port, config, sandbox, close }
}
