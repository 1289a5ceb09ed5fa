import { randomBytes } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import {
  accountKeyId,
  createAccountCipher,
  parseAccountKey,
} from "../../src/lib/payouts"
import {
  accrue,
  releaseDueHolds,
} from "../../src/modules/piastrix/repositories/accruals"
import { getPayout } from "../../src/modules/piastrix/repositories/payouts"
import { sendPendingPayouts } from "../../src/modules/piastrix/repositories/runs"
import { type SqlDatabase } from "../../src/modules/piastrix/repositories/ledger"
import piastrixModule from "../../src/modules/piastrix"
import sealStoredAccountsLoader from "../../src/modules/piastrix/loaders/seal-stored-accounts"
import { payoutContextOf } from "../../src/modules/piastrix/payout-context"
import { adminHeaders } from "../helpers/admin-api"
import { sandboxControl } from "../helpers/callbacks"
import { expectPayoutInvariants } from "../helpers/payouts"
import {
  piastrixIntegrationRunner,
  TEST_ACCOUNT_KEY,
  TEST_SECRET,
  TEST_SHOP_ID,
} from "../helpers/runner"
import { refused } from "../helpers/store-routes"

jest.setTimeout(120000)

/**
 * Vendors' payout accounts at rest (PCI DSS 3.5): a card number given to the admin API is stored encrypted in
 * `piastrix_recipient` and `piastrix_payout`, every admin answer shows it masked, and only the request to the
 * service carries it whole. Rows stored readable before (or under a previous key) are encrypted at boot.
 */

const CARD = "4242424242424242"
const MASKED = "42••••••••••4242"
const HOLDER = "IVAN PETROV"
const CURRENT_KEY_ID = accountKeyId(
  parseAccountKey(TEST_ACCOUNT_KEY, "PIASTRIX_ACCOUNT_KEY")
)

const card = {
  name: "Card vendor",
  email: "card@example.com",
  rail: "withdraw",
  payway: "card_rub",
  account: CARD,
  account_details: { holder: HOLDER },
  currency: 643,
  hold_days: 0,
  schedule: "manual",
}

/** What no stored row and no admin answer may hold. */
function expectNoPlainAccount(value: unknown) {
  const text = typeof value === "string" ? value : JSON.stringify(value)
  expect(text).not.toContain(CARD)
  expect(text).not.toContain(HOLDER)
}

/** An admin answer: nothing readable, and not the encrypted text either (masked where it is shown). */
function expectMaskedAnswer(value: unknown) {
  expectNoPlainAccount(value)
  expect(JSON.stringify(value)).not.toContain("pxenc:")
}

piastrixIntegrationRunner(({ api, getContainer, sandbox }) => {
  let headers: { headers: Record<string, string> }
  let db: SqlDatabase

  beforeEach(async () => {
    await sandboxControl(sandbox(), "POST", "reset")
    headers = await adminHeaders(getContainer())
    db = getContainer().resolve<SqlDatabase>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
  })

  afterEach(async () => {
    jest.restoreAllMocks()
    await expectPayoutInvariants(db, sandbox())
  })

  const storedRows = async () => ({
    recipients: (
      await db.raw(
        `select id, account, account_details, account_masked from piastrix_recipient`
      )
    ).rows,
    payouts: (
      await db.raw(
        `select id, account, account_details, account_masked from piastrix_payout`
      )
    ).rows,
  })

  async function earned(recipientId: string, key: string) {
    await accrue(db, {
      key,
      recipient_id: recipientId,
      gross: "1000.00",
      quantity: 1,
    })
    await releaseDueHolds(db)
  }

  /** What the sandbox received as the payouts' accounts. */
  const accountsAtService = async () =>
    (
      (await sandboxControl(sandbox(), "GET", "state")).payouts as Array<{
        shopPaymentId: string
        account: string
        accountDetails: Record<string, unknown> | null
      }>
    ).map((p) => ({
      shopPaymentId: p.shopPaymentId,
      account: p.account,
      accountDetails: p.accountDetails,
    }))

  it("stores a recipient's account and details encrypted, answers them masked everywhere, and sends them whole to the service only", async () => {
    const created = await api.post("/admin/piastrix/recipients", card, headers)
    expect(created.status).toBe(201)
    const recipient = created.data.recipient
    expectMaskedAnswer(created.data)
    expect(recipient).toMatchObject({
      account: MASKED,
      account_details: { holder: "•••" },
    })
    expect(recipient).not.toHaveProperty("account_masked")

    // At rest: encrypted under the current key, for this recipient.
    const [row] = (await storedRows()).recipients
    expectNoPlainAccount(row)
    expect(row.account).toMatch(
      new RegExp(`^pxenc:v1:${CURRENT_KEY_ID}:[^:]+:[^:]+:[^:]+$`)
    )
    expect(row.account_details.holder).toMatch(/^pxenc:v1:/)
    expect(row.account_masked).toBe(MASKED)

    await earned(recipient.id, "security-sale")
    const quote = await api.post(
      "/admin/piastrix/payouts/quote",
      { recipient_id: recipient.id, amount: "300.00" },
      headers
    )
    expectMaskedAnswer(quote.data)
    // The check reached the service with the whole account: its answer for that account comes back.
    expect(quote.data.quote).toMatchObject({
      account: MASKED,
      account_check: { result: "ok", reason: null, reason_message: null },
    })
    await sandboxControl(sandbox(), "POST", `accounts/${CARD}`, {
      provider_status: 1,
      result: false,
    })
    const check = await api.post(
      `/admin/piastrix/recipients/${recipient.id}/check-account`,
      { amount: "300.00" },
      headers
    )
    expect(check.data.result).toBe("refused")
    await sandboxControl(sandbox(), "POST", `accounts/${CARD}`, {
      provider_status: 1,
      result: true,
    })

    const { payout } = (
      await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: recipient.id, amount: "300.00" },
        headers
      )
    ).data
    expect(payout.account).toBe(MASKED)
    const stored = await storedRows()
    expectNoPlainAccount(stored)
    expect(stored.payouts[0].account).toMatch(/^pxenc:v1:/)

    await sendPendingPayouts(payoutContextOf(getContainer()))
    expect(await getPayout(db, payout.id)).toMatchObject({
      status: "processing",
    })
    // The one place the account is whole: the request to the service.
    expect(await accountsAtService()).toEqual([
      {
        shopPaymentId: payout.shop_payment_id,
        account: CARD,
        accountDetails: { holder: HOLDER },
      },
    ])

    const answers = {
      recipients: (await api.get("/admin/piastrix/recipients", headers)).data,
      recipient: (
        await api.get(`/admin/piastrix/recipients/${recipient.id}`, headers)
      ).data,
      payouts: (await api.get("/admin/piastrix/payouts", headers)).data,
      payout: (await api.get(`/admin/piastrix/payouts/${payout.id}`, headers))
        .data,
      ledger: (
        await api.get(
          `/admin/piastrix/recipients/${recipient.id}/ledger`,
          headers
        )
      ).data,
      statement: (
        await api.get(
          `/admin/piastrix/recipients/${recipient.id}/statement`,
          headers
        )
      ).data,
    }
    expectMaskedAnswer(answers)
    expect(answers.recipients.recipients[0].account).toBe(MASKED)
    expect(answers.recipient.recipient.account).toBe(MASKED)
    expect(answers.payouts.payouts[0].account).toBe(MASKED)
    expect(answers.payout.payout.account).toBe(MASKED)
    // The statement has the payout's entries (named by amount and date, not by id), and no account either.
    expect(answers.statement).toContain("300.00 RUB of ")
    expect(answers.statement).not.toContain(payout.id)
  })

  it("changes an account encrypted, checks a new payway's format on the stored account, and refuses a masked one sent back", async () => {
    const { recipient } = (
      await api.post("/admin/piastrix/recipients", card, headers)
    ).data
    const url = `/admin/piastrix/recipients/${recipient.id}`

    // The stored account, opened for the check, matches card_rub's format.
    const samePayway = await api.post(url, { payway: "card_rub" }, headers)
    expectMaskedAnswer(samePayway.data)
    // bank_pln wants an IBAN: the stored card number is checked against it.
    expect(
      await refused(api.post(url, { payway: "bank_pln" }, headers))
    ).toEqual({
      status: 400,
      message: expect.stringMatching(/^account: does not match/),
    })
    expect(await refused(api.post(url, { account: MASKED }, headers))).toEqual({
      status: 400,
      message: expect.stringContaining("masked"),
    })

    const changed = await api.post(
      url,
      { account: "4111111111111111" },
      headers
    )
    expect(changed.data.recipient.account).toBe("41••••••••••1111")
    const [row] = (await storedRows()).recipients
    expect(JSON.stringify(row)).not.toContain("4111111111111111")
    expect(row.account).toMatch(/^pxenc:v1:/)
    expect(row.account_masked).toBe("41••••••••••1111")
  })

  it("encrypts rows stored readable, and re-encrypts a previous key's rows, at boot; a row it cannot open is left and named", async () => {
    // The loader Medusa runs when it loads the plugin's module.
    expect(piastrixModule.loaders).toContain(sealStoredAccountsLoader)
    const oldKey = randomBytes(32)
    const old = createAccountCipher(oldKey)
    const insertRecipient = (id: string, account: string, details: unknown) =>
      db.raw(
        `insert into piastrix_recipient (id, name, email, rail, payway, account, account_details, currency, schedule, hold_days)
         values (?, ?, 'old@example.com', 'withdraw', 'card_rub', ?, ?::jsonb, 643, 'manual', 0)`,
        [id, id, account, details === null ? null : JSON.stringify(details)]
      )
    await insertRecipient("pxrcp_plain", CARD, { holder: HOLDER })
    await insertRecipient(
      "pxrcp_rotated",
      old.seal(CARD, "pxrcp_rotated/account"),
      { holder: old.seal(HOLDER, "pxrcp_rotated/account_details.holder") }
    )
    await insertRecipient(
      "pxrcp_lost",
      createAccountCipher(randomBytes(32)).seal(CARD, "pxrcp_lost/account"),
      null
    )
    await db.raw(
      `insert into piastrix_payout (id, recipient_id, currency, amount, raw_amount, rail, payway, account, account_details,
                                    shop_payment_id, status)
       values ('pxpo_plain', 'pxrcp_plain', 643, 10, '{"value":"10","precision":20}', 'withdraw', 'card_rub', ?, null,
               'pxpo_plain', 'canceled')`,
      [CARD]
    )

    const logger = getContainer().resolve<Logger>(
      ContainerRegistrationKeys.LOGGER
    )
    const warn = jest.spyOn(logger, "warn")
    const info = jest.spyOn(logger, "info")
    const boot = () =>
      sealStoredAccountsLoader({
        container: getContainer(),
        options: {
          shopId: TEST_SHOP_ID,
          secretKey: TEST_SECRET,
          accountKey: TEST_ACCOUNT_KEY,
          previousAccountKeys: [oldKey.toString("base64")],
        },
      } as never)
    // Two instances booting at once: each row is encrypted once, and both end with the same rows.
    await Promise.all([boot(), boot()])

    const { recipients, payouts } = await storedRows()
    const byId = Object.fromEntries(
      [...recipients, ...payouts].map((r) => [r.id, r])
    )
    const current = new RegExp(`^pxenc:v1:${CURRENT_KEY_ID}:`)
    for (const id of ["pxrcp_plain", "pxrcp_rotated", "pxpo_plain"]) {
      expect({ id, account: byId[id].account }).toEqual({
        id,
        account: expect.stringMatching(current),
      })
      expect(byId[id].account_masked).toBe(MASKED)
    }
    expect(byId.pxrcp_plain.account_details.holder).toMatch(current)
    expect(byId.pxrcp_rotated.account_details.holder).toMatch(current)
    expect(byId.pxrcp_lost.account).not.toMatch(current)
    expectNoPlainAccount(
      [...recipients, ...payouts].filter((r) => r.id !== "pxrcp_lost")
    )

    const lines = [...warn.mock.calls, ...info.mock.calls].map((c) =>
      c.join(" ")
    )
    expect(
      lines.filter((l) =>
        l.includes("Piastrix recipient pxrcp_lost: account left as it is")
      )
    ).not.toHaveLength(0)
    expect(lines.join("\n")).not.toContain(CARD)

    // Once encrypted at boot, the rows are paid as any other: the account opens for the request.
    const rotated = await api.get(
      "/admin/piastrix/recipients/pxrcp_rotated",
      headers
    )
    expect(rotated.data.recipient.account).toBe(MASKED)
    await earned("pxrcp_rotated", "rotated-sale")
    const { payout } = (
      await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: "pxrcp_rotated", amount: "300.00" },
        headers
      )
    ).data
    await sendPendingPayouts(payoutContextOf(getContainer()))
    expect(await accountsAtService()).toEqual([
      {
        shopPaymentId: payout.shop_payment_id,
        account: CARD,
        accountDetails: { holder: HOLDER },
      },
    ])
    // A later boot finds nothing to do: every row stays as it is.
    const before = await storedRows()
    await boot()
    expect(await storedRows()).toEqual(before)
  })

  it("never pays an account changed in the database: another recipient's encrypted account copied over is refused", async () => {
    const victim = (await api.post("/admin/piastrix/recipients", card, headers))
      .data.recipient
    const attacker = (
      await api.post(
        "/admin/piastrix/recipients",
        { ...card, name: "Other", account: "4111111111111111" },
        headers
      )
    ).data.recipient
    await earned(victim.id, "victim-sale")
    const { payout } = (
      await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: victim.id, amount: "100.00" },
        headers
      )
    ).data
    // The attacker's encrypted account copied into the victim's payout (and a plaintext one would be too).
    await db.raw(
      `update piastrix_payout set account = (select account from piastrix_recipient where id = ?) where id = ?`,
      [attacker.id, payout.id]
    )
    await sendPendingPayouts(payoutContextOf(getContainer()))
    expect(await getPayout(db, payout.id)).toMatchObject({
      status: "needs_attention",
      last_error: expect.stringMatching(/^account: .*integrity check/),
    })
    expect(await accountsAtService()).toEqual([])
  })
})
