import {
  startSandbox,
  type RunningSandbox,
  type ShopConfigInput,
} from "../../src"
import { ReferenceClient } from "./reference-client"

export const SHOP_ID = 5
export const SECRET = "SecretKey01"

/** The published examples use payeer_rub; the default shop lacks it. */
export const PAYEER = {
  alias: "payeer_rub",
  kind: "redirect",
  method: "GET",
  currency: 643,
  group: "Payeer",
  min: "1.00",
  max: "100000.00",
} as const

export type TestSandbox = {
  running: RunningSandbox
  client: ReferenceClient
  close(): Promise<void>
}

/** A sandbox on an ephemeral port with the shop of the reference's examples (5, SecretKey01). */
export async function startTestSandbox(
  config: ShopConfigInput = {}
): Promise<TestSandbox> {
  const running = await startSandbox({
    shopId: SHOP_ID,
    secret: SECRET,
    config,
  })
  const client = new ReferenceClient(running.url, SHOP_ID, SECRET)
  return { running, client, close: () => running.close() }
}

export async function advance(
  client: ReferenceClient,
  ms: number
): Promise<void> {
  const res = await client.control("POST", "/clock/advance", { ms })
  if (res.status !== 200) {
    throw new Error(`advance failed: ${JSON.stringify(res.body)}`)
  }
}

/** Waits until the sandbox logged `count` notification attempts (their replies are in). */
export async function waitForAttempts(
  client: ReferenceClient,
  count: number
): Promise<any[]> {
  const deadline = Date.now() + 5000
  for (;;) {
    const attempts = (
      await client.control<{ attempts: any[] }>("GET", "/callbacks")
    ).body.attempts
    if (attempts.length >= count) {
      return attempts
    }
    if (Date.now() > deadline) {
      throw new Error(
        `expected ${count} callback attempts, got ${attempts.length}`
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
