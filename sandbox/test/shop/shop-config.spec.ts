import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseShopConfig } from "../../src/shop-config"

describe("parseShopConfig", () => {
  it("gives a usable shop with every payment kind when nothing is configured", () => {
    const config = parseShopConfig({})
    expect(config.shopId).toBe(1)
    expect(new Set(config.inputPayways.map((p) => p.kind))).toEqual(
      new Set(["wallet", "redirect", "card_h2h", "bank_h2h"])
    )
    expect(
      new Set(config.inputPayways.map((p) => p.currency)).size
    ).toBeGreaterThan(2)
    expect(
      config.inputPayways.find((p) => p.alias === "card_rub")?.fee
    ).toEqual({ fix: "0", percent: "2.5" })
    expect(
      config.inputPayways.find((p) => p.alias === "piastrix_rub")?.payerFee
    ).toEqual({ fix: "0", percent: "0" })
    expect(config.balances["643"]).toEqual({
      available: "1000000.00",
      hold: "0",
      frozen: "0",
    })
    expect(config.timing.requisitesDelayMs).toBe(2000)
  })

  it("accepts amounts written as numbers and fills missing balance parts", () => {
    const config = parseShopConfig({
      balances: { "840": { available: 25.5 } },
      inputPayways: [
        { alias: "x_usd", kind: "redirect", currency: 840, min: 1, max: 100 },
      ],
    })
    expect(config.balances).toEqual({
      "840": { available: "25.5", hold: "0", frozen: "0" },
    })
    expect(config.inputPayways[0]).toMatchObject({
      min: "1",
      max: "100",
      active: true,
      group: "Other",
    })
  })

  it("names the setting that is wrong", () => {
    expect(() =>
      parseShopConfig({
        inputPayways: [
          { alias: "x", kind: "teleport", currency: 1, min: "1", max: "2" },
        ],
      })
    ).toThrow(/inputPayways\.0\.kind/)
    expect(() =>
      parseShopConfig({ balances: { "643": { available: "-1" } } })
    ).toThrow(/balances\.643\.available/)
    expect(() =>
      parseShopConfig({ settings: { callbackUrl: "not a url" } })
    ).toThrow(/settings\.callbackUrl/)
  })
})

describe("the config example of the sandbox README", () => {
  it("is a valid config", () => {
    const readme = readFileSync(
      join(__dirname, "..", "..", "README.md"),
      "utf8"
    )
    const example = /## Shop config file[\s\S]*?```json\n([\s\S]*?)```/.exec(
      readme
    )
    expect(example).not.toBeNull()
    const config = parseShopConfig(JSON.parse(example![1]))
    expect(config.inputPayways.map((p) => p.kind)).toEqual([
      "wallet",
      "redirect",
      "redirect",
      "card_h2h",
      "bank_h2h",
    ])
    // The README shows the fidelity switches with their defaults.
    expect(config.fidelity).toEqual(parseShopConfig({}).fidelity)
  })
})
