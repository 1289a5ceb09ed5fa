import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { seedVendors } from "../../dev/seed-vendors"
import { openAccountFields } from "../../src/lib/payouts"
import { PIASTRIX_MODULE } from "../../src/modules/piastrix"
import type PiastrixModuleService from "../../src/modules/piastrix/service"
import { piastrixIntegrationRunner } from "../helpers/runner"

jest.setTimeout(120000)

/** The dev store's two vendors (`npm run dev` seeds them): who they are, what they own, and that they can be paid. */
piastrixIntegrationRunner(({ getContainer }) => {
  it("seeds a wallet vendor and a card vendor owning the demo products, once however often it runs", async () => {
    const first = await seedVendors(getContainer())
    const again = await seedVendors(getContainer())
    expect(again).toEqual(first)

    const piastrix =
      getContainer().resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const recipients = await piastrix.listPiastrixRecipients({})
    expect(
      recipients.map((r) => [r.name, r.rail, r.payway, r.state]).sort()
    ).toEqual([
      ["Piastrix Press", "transfer", null, "active"],
      ["Sticker Studio", "withdraw", "card_rub", "active"],
    ])

    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "product",
      fields: ["handle", "piastrix_recipient.name"],
    })
    const owners = Object.fromEntries(
      data.map((p: any) => [p.handle, p.piastrix_recipient?.name ?? null])
    )
    expect(owners).toEqual({
      "piastrix-ebook": "Piastrix Press",
      "piastrix-gift-card": "Piastrix Press",
      "piastrix-stickers": "Sticker Studio",
    })

    // The card vendor's account is one the shop's card payway accepts, so a dev payout passes the account check.
    const output = await piastrix.getClient().shopOutputConfig()
    const card = output
      .flatMap((m) => m.payways)
      .find((p) => p.alias === "card_rub")
    // Stored encrypted (docs/payouts.md, "Payout accounts are encrypted"): opened here as a payout would open it.
    const withdraw = recipients.find((r) => r.rail === "withdraw")!
    expect(withdraw.account).toMatch(/^pxenc:v1:/)
    const { account } = openAccountFields(
      piastrix.accountCipher(),
      withdraw.id,
      withdraw as never
    )
    expect(
      new RegExp(card!.account_info_config!.account!.regex!).test(account)
    ).toBe(true)
  })
})
