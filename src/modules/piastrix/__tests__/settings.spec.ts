import { parsePiastrixOptions } from "../../../lib/plugin/options"
import {
  applySettings,
  checkSettingChanges,
  saveSettings,
  SettingError,
  settingsViewOf,
  validSettings,
} from "../repositories/settings"

/**
 * The settings' rules, without their two statements: those run against Postgres through the admin route
 * (integration-tests/http/admin-settings.spec.ts).
 */
const stored = (rows: Record<string, unknown>) =>
  validSettings(Object.entries(rows).map(([id, value]) => ({ id, value })))

const raw = { shopId: 1, secretKey: "s", refunds: { wallet: "manual" } }
const options = parsePiastrixOptions(raw)

describe("operational settings", () => {
  it("put a stored value in the place of a default, never of an option written in configuration", () => {
    const effective = applySettings(
      options,
      raw,
      stored({
        "refunds.other": "manual",
        "refunds.wallet": "reject",
        "payways.card.allowed": ["h2h_card_rub"],
        "payouts.defaultHoldDays": 3,
      })
    )
    expect(effective.refunds).toEqual({ wallet: "manual", other: "manual" })
    expect(effective.payways.card).toEqual({ allowed: ["h2h_card_rub"] })
    expect(effective.payouts.defaultHoldDays).toBe(3)
    // The options object itself is left as it was.
    expect(options.refunds.other).toBe("reject")
  })

  it("show each setting's source and lock", () => {
    const view = settingsViewOf(
      options,
      raw,
      stored({ "refunds.other": "manual" })
    )
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

  it("ignore a stored value that no longer validates, and take null as the default", () => {
    const effective = applySettings(
      options,
      raw,
      stored({
        "refunds.other": "sometimes",
        "payouts.defaultSchedule": null,
        // A row no setting owns, even a name every object inherits.
        toString: "x",
      })
    )
    expect(effective.refunds.other).toBe("reject")
    expect(effective.payouts.defaultSchedule).toBe("weekly")
  })

  it("refuse a locked setting, an unknown one or a bad value by name, storing none of the change", async () => {
    // A refused change never reaches the database.
    const untouched = {
      raw: () => Promise.reject(new Error("a refused change was stored")),
      transaction: () =>
        Promise.reject(new Error("a refused change was stored")),
    }
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
        saveSettings(
          untouched,
          raw,
          { "refunds.other": "manual", ...changes },
          null
        )
      ).rejects.toThrow(SettingError)
      expect(() => checkSettingChanges(raw, { ...changes })).toThrow(message)
    }
    expect(
      checkSettingChanges(raw, {
        "refunds.other": "manual",
        "payouts.defaultHoldDays": null,
      })
    ).toEqual([
      ["refunds.other", "manual"],
      ["payouts.defaultHoldDays", null],
    ])
  })
})
