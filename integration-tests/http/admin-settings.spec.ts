import {
  createStep,
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  savePiastrixSettingsStep,
  type SavePiastrixSettingsInput,
} from "../../src/workflows/piastrix-settings"
import { adminHeaders } from "../helpers/admin-api"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  createCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"
import { expectRejected } from "../helpers/store-routes"

jest.setTimeout(120000)

const REDIRECT = "pp_piastrix_piastrix"

/** A step after the settings are saved that fails: the save's compensation must undo it. */
const failLater = createStep("test-fail-after-settings-saved", async () => {
  throw new Error("a later step failed")
})
const saveThenFail = createWorkflow(
  "test-save-settings-then-fail",
  (input: SavePiastrixSettingsInput) => {
    savePiastrixSettingsStep(input)
    failLater()
    return new WorkflowResponse(null)
  }
)

/**
 * Operational settings changed in the admin (Settings → Piastrix, modules/piastrix/repositories/settings.ts): validated, stored,
 * and in effect at the next request of the store, the provider and the payout routes.
 */
piastrixIntegrationRunner(({ api, getContainer, seed }) => {
  let headers: Awaited<ReturnType<typeof adminHeaders>>
  const save = (settings: Record<string, unknown>) =>
    api.post("/admin/piastrix/settings", { settings }, headers)
  const setting = async (key: string) =>
    (await api.get("/admin/piastrix/settings", headers)).data.settings.find(
      (s: { key: string }) => s.key === key
    )

  beforeEach(async () => {
    headers = await adminHeaders(getContainer())
  })

  afterEach(async () => {
    await save({
      "payways.redirect.allowed": null,
      "payouts.approvalThreshold": null,
      "payouts.defaultHoldDays": null,
      "payouts.defaultSchedule": null,
    })
  })

  it("undoes a settings change when a later step of its workflow fails", async () => {
    await save({ "payouts.defaultHoldDays": 3 })
    const schedule = await setting("payouts.defaultSchedule")
    const run = await saveThenFail(getContainer()).run({
      input: {
        settings: {
          "payouts.defaultHoldDays": 9,
          "payouts.defaultSchedule": "daily",
        },
        by: null,
      },
      throwOnError: false,
    })
    expect(run.errors[0].error.message).toBe("a later step failed")
    expect(await setting("payouts.defaultHoldDays")).toMatchObject({
      value: 3,
      source: "admin",
    })
    expect(await setting("payouts.defaultSchedule")).toEqual(schedule)
  })

  it("lists every editable setting with its value, its source and whether configuration locks it", async () => {
    const { data } = await api.get("/admin/piastrix/settings", headers)
    expect(data.settings.map((s: { key: string }) => s.key)).toEqual([
      "payouts.approvalThreshold",
      "payouts.defaultSchedule",
      "payouts.defaultHoldDays",
      "payouts.defaultMinimumPayout",
      "refunds.wallet",
      "refunds.other",
      "payways.wallet.allowed",
      "payways.redirect.allowed",
      "payways.card.allowed",
      "payways.bankTransfer.allowed",
    ])
    expect(await setting("refunds.wallet")).toEqual({
      key: "refunds.wallet",
      value: "transfer",
      source: "default",
      locked: false,
    })
  })

  it.each([
    [{ "refunds.wallet": "sometimes" }, /refunds\.wallet/],
    [{ "payouts.defaultHoldDays": -1 }, /payouts\.defaultHoldDays/],
    [{ "payouts.approvalThreshold": "lots" }, /payouts\.approvalThreshold/],
    [{ timeoutMs: 5 }, /timeoutMs: not a setting/],
    [{}, /settings/],
  ])(
    "refuses %j with 400 naming the setting, and stores nothing",
    async (settings, message) => {
      // A valid change beside the bad one: neither is stored.
      const body = Object.keys(settings).length
        ? { "payouts.defaultHoldDays": 2, ...settings }
        : settings
      await expectRejected(save(body), 400, message)
      expect((await setting("payouts.defaultHoldDays")).value).toBe(14)
    }
  )

  it("applies allowed payways to the store's directions and to a session start at once, and back", async () => {
    const cart = await createCart(api, seed())
    const redirectPayways = async () =>
      (
        await api.get("/store/piastrix/directions", {
          ...storeHeaders(seed()),
          params: { cart_id: cart.id },
        })
      ).data.directions.redirect.map((d: { payway: string }) => d.payway)
    expect(await redirectPayways()).toEqual(
      expect.arrayContaining(["card_rub", "qiwi_rub"])
    )

    const saved = await save({ "payways.redirect.allowed": ["qiwi_rub"] })
    expect(
      saved.data.settings.find(
        (s: { key: string }) => s.key === "payways.redirect.allowed"
      )
    ).toMatchObject({ value: ["qiwi_rub"], source: "admin" })
    expect(await redirectPayways()).toEqual(["qiwi_rub"])
    await expect(
      startPaymentSession(api, seed(), cart, REDIRECT, {
        payway: "card_rub",
        email: "payer@example.com",
      })
    ).rejects.toThrow(/card_rub.*not allowed/)

    await save({ "payways.redirect.allowed": null })
    expect((await setting("payways.redirect.allowed")).source).toBe("default")
    const { session } = await startPaymentSession(api, seed(), cart, REDIRECT, {
      payway: "card_rub",
      email: "payer@example.com",
    })
    expect(session.data.payway).toBe("card_rub")
  })

  it("gives new recipients the default hold and schedule, and holds payouts above the threshold for approval", async () => {
    await save({
      "payouts.defaultHoldDays": 3,
      "payouts.defaultSchedule": "manual",
      "payouts.approvalThreshold": "100.00",
    })
    const { recipient } = (
      await api.post(
        "/admin/piastrix/recipients",
        {
          name: "Settings vendor",
          email: "settings@example.com",
          rail: "transfer",
          account: "201494711279",
          currency: 643,
        },
        headers
      )
    ).data
    expect(recipient).toMatchObject({ hold_days: 3, schedule: "manual" })
    await api.post(
      `/admin/piastrix/recipients/${recipient.id}/adjustments`,
      { amount: "500.00", reason: "earnings", idempotency_key: "settings-1" },
      headers
    )
    const big = (
      await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: recipient.id, amount: "300.00" },
        headers
      )
    ).data.payout
    expect(big.status).toBe("awaiting_approval")
    await api.post(
      `/admin/piastrix/payouts/${big.id}/cancel`,
      { reason: "test" },
      headers
    )
    const small = (
      await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: recipient.id, amount: "50.00" },
        headers
      )
    ).data.payout
    expect(small.status).toBe("pending")
  })
})
