import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  PollingGuard,
  pollSlot,
  PollThrottledError,
  type PolledEndpoint,
} from "../../src/lib/piastrix"
import { type SqlConnection } from "../../src/lib/plugin"
import {
  POLL_TABLE,
  PostgresPollStore,
  prunePollWindows,
} from "../../src/modules/piastrix/repositories/postgres-poll-store"
import { piastrixIntegrationRunner } from "../helpers/runner"

jest.setTimeout(60000)

/** Resolves once `condition` holds, checking every 10 ms; fails naming it after 10 s. */
async function until(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`still not so after 10 s: ${condition.toString()}`)
    }
    await new Promise((r) => setTimeout(r, 10))
  }
}

/**
 * The service's polling limits across instances: two guards that share nothing in memory (as two Medusa
 * processes) over the one Postgres table keep one window per payment between them.
 */
piastrixIntegrationRunner(({ getContainer }) => {
  let db: SqlConnection
  const instance = (
    options: ConstructorParameters<typeof PollingGuard>[0] = {}
  ) => new PollingGuard({ store: new PostgresPollStore(db), ...options })

  beforeEach(() => {
    db = getContainer().resolve<SqlConnection>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
  })

  /** Whether the database's clock has passed the slot's `column` (a window's end or a claim's lease). */
  const passed =
    (
      endpoint: PolledEndpoint,
      key: string,
      column: "next_allowed_at" | "claimed_until"
    ) =>
    async () => {
      const { rows } = await db.raw(
        `select clock_timestamp() > ${column} as passed from ${POLL_TABLE} where id = ?`,
        [pollSlot(endpoint, key)]
      )
      return rows[0]?.passed === true
    }

  it("asks the service once for two instances asking at the same time; the other waits for that answer", async () => {
    const [a, b] = [instance(), instance()]
    let calls = 0
    // The first call stays open until it is under way (the other instance then finds its claim, and no answer).
    let answer!: () => void
    const open = new Promise<void>((resolve) => (answer = resolve))
    const fetcher = async () => {
      calls += 1
      await open
      return { status: 2, shop_amount: "100.00" }
    }
    const runs = [a, b].map((guard) =>
      guard.run("/bill/shop_order_status", "payses_both", fetcher)
    )
    await until(async () => calls === 1)
    answer()
    const answers = await Promise.all(runs)
    // One request; the instance that lost the claim got its answer, never a refusal (before: PollThrottledError,
    // a 502 "did not answer" to a storefront route).
    expect(calls).toBe(1)
    expect(answers.map((r) => r.value)).toEqual([
      { status: 2, shop_amount: "100.00" },
      { status: 2, shop_amount: "100.00" },
    ])
    expect(answers.filter((r) => r.reused)).toHaveLength(1)
  })

  it("lets either instance ask again once the window has passed, by the database's clock", async () => {
    const fast = { intervalsMs: { payment: 1000 } }
    const [a, b] = [instance(fast), instance(fast)]
    let calls = 0
    const fetcher = async () => ({ status: 1, call: ++calls })
    await a.run("/invoice/check", "payses_window", fetcher)
    expect(
      (await b.run("/invoice/check", "payses_window", fetcher)).value
    ).toEqual({ status: 1, call: 1 })
    await until(passed("/invoice/check", "payses_window", "next_allowed_at"))
    expect(
      (await b.run("/invoice/check", "payses_window", fetcher)).value
    ).toEqual({ status: 1, call: 2 })
    expect(calls).toBe(2)
  })

  it("counts a failed request toward the window on every instance", async () => {
    const [a, b] = [instance(), instance()]
    await expect(
      a.run("/invoice/check", "payses_failed", async () => {
        throw new Error("502 from the service")
      })
    ).rejects.toThrow("502")
    const error = await b
      .run("/invoice/check", "payses_failed", async () => ({ status: 4 }))
      .catch((e) => e)
    expect(error).toBeInstanceOf(PollThrottledError)
    expect(error.message).toContain("502 from the service")
  })

  it("lets another instance ask when the one holding the claim died mid-call", async () => {
    const dying = instance({ leaseMs: 1000 })
    // A call that never ends, as in a process killed while it waited for the service.
    let called = false
    void dying.run("/invoice/check", "payses_dead", () => {
      called = true
      return new Promise(() => {})
    })
    await until(async () => called)
    // Not waiting for the dead call: refused while its claim holds.
    const impatient = instance({ leaseMs: 1000, joinWaitMs: 0 })
    await expect(
      impatient.run("/invoice/check", "payses_dead", async () => ({
        status: 1,
      }))
    ).rejects.toBeInstanceOf(PollThrottledError)
    // Waiting for it (the default): its claim lapses by the database's clock, and the other instance asks.
    const other = instance({ leaseMs: 1000 })
    expect(
      await other.run("/invoice/check", "payses_dead", async () => ({
        status: 1,
      }))
    ).toMatchObject({ value: { status: 1 }, reused: false })
  })

  it("prunes windows that ended over an hour ago and keeps the recent and the claimed ones", async () => {
    await db.raw(
      `insert into ${POLL_TABLE} (id, next_allowed_at, claimed_until) values
         ('payment:old', now() - interval '2 hours', null),
         ('payment:old-claimed', now() - interval '2 hours', now() + interval '1 minute'),
         ('payment:recent', now() - interval '5 minutes', null)`
    )
    expect(await prunePollWindows(db)).toBe(1)
    const { rows } = await db.raw(
      `select id from ${POLL_TABLE} where id like 'payment:%' order by id`
    )
    expect(rows.map((r: { id: string }) => r.id)).toEqual([
      "payment:old-claimed",
      "payment:recent",
    ])
  })
})
