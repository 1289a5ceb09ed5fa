import {
  createAccountCipher,
  parseAccountKey,
  sealAccountFields,
} from "../../src/lib/payouts"
import {
  accrue,
  releaseDueHolds,
} from "../../src/modules/piastrix/repositories/accruals"
import {
  createPayout,
  getPayout,
} from "../../src/modules/piastrix/repositories/payouts"
import { sendPendingPayouts } from "../../src/modules/piastrix/repositories/runs"
import { payoutContextOf } from "../../src/modules/piastrix/payout-context"
import { sandboxControl } from "../helpers/callbacks"
import { adminPayoutTests } from "../helpers/payouts"
import { piastrixIntegrationRunner, TEST_ACCOUNT_KEY } from "../helpers/runner"
import { refused } from "../helpers/store-routes"

jest.setTimeout(120000)

/**
 * A store whose account key was taken out of its configuration (PIASTRIX_ACCOUNT_KEY set empty: medusa-config.ts
 * gives the plugin no key), with a vendor and an open payout written while it had one. Whatever needs the
 * account is refused naming PIASTRIX_ACCOUNT_KEY; what does not still works.
 */

const CARD = "4242424242424242"
const MASKED = "42••••••••••4242"
const RECIPIENT = "pxrcp_nokey"

const card = {
  name: "Card vendor",
  email: "card@example.com",
  rail: "withdraw",
  payway: "card_rub",
  account: CARD,
  account_details: { holder: "IVAN PETROV" },
  currency: 643,
  hold_days: 0,
  schedule: "manual",
}

piastrixIntegrationRunner(
  ({ api, getContainer, sandbox }) => {
    const current = adminPayoutTests({ getContainer, sandbox })

    /** The vendor as the store wrote it while it had its key (the suites' key), with earnings and an open payout. */
    async function vendorFromBeforeTheKeyWentAway() {
      const { db } = current
      const sealed = sealAccountFields(
        createAccountCipher(
          parseAccountKey(TEST_ACCOUNT_KEY, "PIASTRIX_ACCOUNT_KEY")
        ),
        RECIPIENT,
        { account: CARD, account_details: card.account_details }
      )
      await db.raw(
        `insert into piastrix_recipient (id, name, email, rail, payway, account, account_masked, account_details,
                                         currency, hold_days, schedule)
         values (?, ?, ?, 'withdraw', 'card_rub', ?, ?, ?::jsonb, 643, 0, 'manual')`,
        [
          RECIPIENT,
          card.name,
          card.email,
          sealed.account,
          sealed.account_masked,
          JSON.stringify(sealed.account_details),
        ]
      )
      await accrue(db, {
        key: "no-key-sale",
        recipient_id: RECIPIENT,
        gross: "1000.00",
        quantity: 1,
      })
      await releaseDueHolds(db)
      const { payout } = await createPayout(db, {
        recipient_id: RECIPIENT,
        amount: "100.00",
        approval_threshold: null,
      })
      return payout!
    }

    it("without an account key: recipients, quotes and payouts are refused naming PIASTRIX_ACCOUNT_KEY, a payout waits, payments' routes answer", async () => {
      const { db, headers } = current
      const payout = await vendorFromBeforeTheKeyWentAway()

      for (const request of [
        () => api.post("/admin/piastrix/recipients", card, headers),
        () =>
          api.post(
            `/admin/piastrix/recipients/${RECIPIENT}`,
            { account: "4111111111111111" },
            headers
          ),
        () =>
          api.post(
            "/admin/piastrix/payouts/quote",
            { recipient_id: RECIPIENT, all: true },
            headers
          ),
        () =>
          api.post(
            `/admin/piastrix/recipients/${RECIPIENT}/check-account`,
            { amount: "100.00" },
            headers
          ),
        () =>
          api.post(
            "/admin/piastrix/payouts",
            { recipient_id: RECIPIENT },
            headers
          ),
      ]) {
        expect(await refused(request())).toEqual({
          status: 400,
          message: expect.stringContaining("PIASTRIX_ACCOUNT_KEY"),
        })
      }
      // What needs no account still works: the lists (masked), a state change, the shop's directions.
      const list = await api.get("/admin/piastrix/recipients", headers)
      expect(
        list.data.recipients.map((r: { account: string }) => r.account)
      ).toEqual([MASKED])
      await api.post(
        `/admin/piastrix/recipients/${RECIPIENT}`,
        { state: "suspended" },
        headers
      )
      await api.post(
        `/admin/piastrix/recipients/${RECIPIENT}`,
        { state: "active" },
        headers
      )
      expect(
        (await api.get("/admin/piastrix/directions", headers)).status
      ).toBe(200)

      await sendPendingPayouts(payoutContextOf(getContainer()))
      expect(await getPayout(db, payout.id)).toMatchObject({
        status: "pending",
        last_error: expect.stringContaining("PIASTRIX_ACCOUNT_KEY"),
      })
      expect((await sandboxControl(sandbox(), "GET", "state")).payouts).toEqual(
        []
      )
    })
  },
  // Set empty, the key is left out of the plugin's options (medusa-config.ts): a store without one.
  { env: { PIASTRIX_ACCOUNT_KEY: "" } }
)
