import { parsePiastrixOptions } from "../options"
import {
  effectiveOptions,
  saveSettings,
  SettingError,
  settingsView,
} from "../settings"

/** `piastrix_setting` in memory: the two statements lib/plugin/settings.ts makes, by their tags. */
type FakeDb = {
  rows: Map<string, unknown>
  raw(sql: string, bindings?: readonly unknown[]): Promise<{ rows: any[] }>
  transaction<T>(work: (trx: FakeDb) => Promise<T>): Promise<T>
}

function settingsTable(initial: Record<string, unknown> = {}): FakeDb {
  const rows = new Map<string, unknown>(Object.entries(initial))
  const db: FakeDb = {
    rows,
    async raw(sql: string, bindings: readonly unknown[] = []) {
      if (sql.includes("-- settings:read")) {
        return {
          rows: [...rows].map(([id, value]) => ({ id, value })),
        }
      }
      if (sql.includes("-- settings:write")) {
        rows.set(String(bindings[0]), JSON.parse(String(bindings[1])))
        return { rows: [] }
      }
      throw new Error(`unexpected query: ${sql}`)
    },
    async transaction<T>(work: (trx: FakeDb) => Promise<T>): Promise<T> {
      const before = new Map(rows)
      try {
        return await work(db)
      } catch (error) {
        rows.clear()
        before.forEach((v, k) => rows.set(k, v))
        throw error
      }
    },
  }
  return db
}

const raw = { shopId: 1, secretKey: "s", refunds: { wallet: "manual" } }
const options = parsePiastrixOptions(raw)

describe("operational settings", () => {
  it("put a stored value in the place of a default, never of an option written in configuration", async () => {
    const db = settingsTable({
      "refunds.other": "manual",
      "refunds.wallet": "reject",
      "payways.card.allowed": ["h2h_card_rub"],
      "payouts.defaultHoldDays": 3,
    })
    const effective = await effectiveOptions(db, options, raw)
    expect(effective.refunds).toEqual({ wallet: "manual", other: "manual" })
    expect(effective.payways.card).toEqual({ allowed: ["h2h_card_rub"] })
    expect(effective.payouts.defaultHoldDays).toBe(3)
    // The options object itself is left as it was.
    expect(options.refunds.other).toBe("reject")
  })

  it("show each setting's source and lock", async () => {
    const db = settingsTable({ "refunds.other": "manual" })
    const view = await settingsView(db, options, raw)
    expect(view.find((s) => s.key === "refunds.wallet")).toEqual({
      key: "refunds.wallet",
      value: "manual",
      source: "configuration",
      locked: true,
    })
    expect(view.find((s) => s.key === "refunds.other")).toMatchObject({
      value: "manual",
      source: "admin",
    })
    expect(view.find((s) => s.key === "payouts.approvalThreshold")).toEqual({
      key: "payouts.approvalThreshold",
      value: null,
      source: "default",
      locked: false,
    })
  })

  it("ignore a stored value that no longer validates, and take null as the default", async () => {
    const db = settingsTable({
      "refunds.other": "sometimes",
      "payouts.defaultSchedule": null,
    })
    const effective = await effectiveOptions(db, options, raw)
    expect(effective.refunds.other).toBe("reject")
    expect(effective.payouts.defaultSchedule).toBe("weekly")
  })

  it("refuse a locked setting, an unknown one or a bad value by name, storing none of the change", async () => {
    const db = settingsTable()
    for (const [changes, message] of [
      [
        { "refunds.wallet": "transfer" },
        /refunds\.wallet: set in configuration/,
      ],
      [{ secretKey: "x" }, /secretKey: not a setting/],
      // Names every object inherits are not settings either.
      [{ constructor: "x" }, /constructor: not a setting/],
      [{ toString: "x" }, /toString: not a setting/],
      [{ "payouts.defaultHoldDays": 1.5 }, /payouts\.defaultHoldDays: /],
    ] as const) {
      await expect(
        saveSettings(db, raw, { "refunds.other": "manual", ...changes }, null)
      ).rejects.toThrow(SettingError)
      await expect(saveSettings(db, raw, { ...changes }, null)).rejects.toThrow(
        message
      )
    }
    expect(db.rows.size).toBe(0)
    await saveSettings(db, raw, { "refunds.other": "manual" }, "user_1")
    expect(db.rows.get("refunds.other")).toBe("manual")
  })
})
