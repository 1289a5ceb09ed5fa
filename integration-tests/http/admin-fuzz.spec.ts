import fs from "node:fs"
import path from "node:path"
import fc from "fast-check"
import { adminHeaders } from "../helpers/admin-api"
import { inbox, successNotification } from "../helpers/callbacks"
import {
  announceSeed,
  junkBody,
  junkValue,
  leaksInternals,
  pathId,
  rawQuery,
  sample,
  SEED,
} from "../helpers/fuzz"
import { piastrixIntegrationRunner } from "../helpers/runner"

jest.setTimeout(300000)

announceSeed("admin-fuzz")

/**
 * Every admin route of the plugin, found on disk (src/api/admin/piastrix/** /route.ts and the methods each
 * exports), so a route added later is fuzzed without a change here.
 */
const ADMIN_API = path.resolve(__dirname, "../../src/api/admin/piastrix")

type Route = { method: "get" | "post" | "delete"; path: string }

function adminRoutes(): Route[] {
  const routes: Route[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        walk(full)
      } else if (entry.name === "route.ts") {
        const source = fs.readFileSync(full, "utf8")
        const url = `/admin/piastrix/${path
          .relative(ADMIN_API, dir)
          .split(path.sep)
          .join("/")}`
        for (const [, method] of source.matchAll(
          /export (?:const|async function) (GET|POST|DELETE)\b/g
        )) {
          routes.push({
            method: method.toLowerCase() as Route["method"],
            path: url,
          })
        }
      }
    }
  }
  walk(ADMIN_API)
  return routes.sort((a, b) =>
    `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`)
  )
}

const RUNS = 30

/**
 * The admin API under malformed input: fuzzed path ids, queries, bodies and headers on every route, with a
 * store owner's credentials. Nothing may answer 5xx, and no answer may carry a stack trace or a source path.
 * The service is the local sandbox, reachable: a 502 (the service could not be asked) would mean junk reached it.
 */
piastrixIntegrationRunner(({ api, getContainer }) => {
  const routes = adminRoutes()

  it("finds the plugin's admin routes on disk", () => {
    expect(routes.length).toBeGreaterThanOrEqual(28)
    expect(routes).toContainEqual({
      method: "post",
      path: "/admin/piastrix/payouts/quote",
    })
  })

  it("never answers 5xx or shows internals to fuzzed ids, queries, bodies and headers on any admin route", async () => {
    const auth = (await adminHeaders(getContainer())).headers
    // Real rows, so fuzzed bodies also reach the checks behind "not found".
    const { data: created } = await api.post(
      "/admin/piastrix/recipients",
      {
        name: "Fuzzed vendor",
        email: "fuzz@example.com",
        rail: "transfer",
        account: "201494711279",
        currency: 643,
        schedule: "manual",
      },
      { headers: auth }
    )
    const recipientId = created.recipient.id
    await api.post(
      `/admin/piastrix/recipients/${recipientId}/adjustments`,
      {
        amount: "300.00",
        reason: "fuzz suite balance",
        idempotency_key: "fuzz",
      },
      { headers: auth }
    )
    const { data: payout } = await api.post(
      "/admin/piastrix/payouts",
      { recipient_id: recipientId, amount: "100.00" },
      { headers: auth }
    )
    const verified = inbox(getContainer()).verifyCallback({
      fields: successNotification("order-for-the-fuzz-suite", "10.00"),
    })
    if (!verified.ok) {
      throw new Error(`the notification did not verify: ${verified.reason}`)
    }
    const { row } = await inbox(getContainer()).recordNotification(
      verified.notification
    )
    const known = [recipientId, payout.payout.id, row.id, "order_01XYZ"]

    const failures: string[] = []
    let sent = 0
    const send = async (
      route: Route,
      url: string,
      body: unknown,
      headers: Record<string, string>
    ) => {
      const res = await api.request({
        method: route.method,
        url,
        data:
          body === undefined || typeof body === "string"
            ? body
            : JSON.stringify(body),
        headers: { "content-type": "application/json", ...auth, ...headers },
        transformRequest: [(data) => data],
        validateStatus: () => true,
        maxRedirects: 0,
      })
      sent++
      if (res.status >= 500 || leaksInternals(res.data)) {
        failures.push(
          `${route.method.toUpperCase()} ${url.slice(0, 160)} (seed ${SEED}): HTTP ${res.status} ${JSON.stringify(res.data).slice(0, 200)}`
        )
      }
    }

    const headerJunk = fc.oneof(
      fc.constant({}),
      fc.constant({ "content-type": "text/plain" }),
      fc.constant({ "content-type": "application/x-www-form-urlencoded" }),
      fc.constant({ "content-type": "application/json; charset=latin1" }),
      fc.constant({ "x-forwarded-for": "x".repeat(4000) }),
      fc.constant({ accept: "text/html" })
    )
    for (const route of routes) {
      const draws = sample(
        `${route.method} ${route.path}`,
        fc.tuple(
          pathId(known),
          pathId(known),
          rawQuery,
          route.method === "get"
            ? fc.constant(undefined)
            : fc.oneof(
                junkBody([
                  "recipient_id",
                  "amount",
                  "all",
                  "note",
                  "reason",
                  "settings",
                  "name",
                  "account",
                  "currency",
                  "product_ids",
                  "shop_id",
                  "secret_key",
                ]),
                fc.string({ maxLength: 300 }),
                fc.record({ amount: junkValue, recipient_id: junkValue })
              ),
          headerJunk
        ),
        RUNS
      )
      for (const [id, otherId, query, body, headers] of draws) {
        const url = `${route.path
          .replace("[id]", id)
          .replace("[session_id]", otherId)}?${query}`
        await send(route, url, body, headers as Record<string, string>)
      }
    }
    expect(failures).toEqual([])
    expect(sent).toBe(routes.length * RUNS)
  })
})
