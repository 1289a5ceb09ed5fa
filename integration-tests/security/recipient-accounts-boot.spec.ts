import { randomBytes } from "node:crypto"
import {
  accountKeyId,
  createAccountCipher,
  parseAccountKey,
} from "../../src/lib/payouts"
import { startSandbox, type RunningSandbox } from "../../sandbox/src"
import { secretsInLine } from "../helpers/log-scan"
import { startMedusaStore, type MedusaStore } from "../helpers/medusa-process"
import { TEST_ACCOUNT_KEY, TEST_SECRET, TEST_SHOP_ID } from "../helpers/runner"

jest.setTimeout(400000)

/**
 * The boot that encrypts stored accounts, as a store runs it: `medusa start` (a process of its own) on a
 * database holding accounts an older version stored readable and accounts encrypted with a key being rotated
 * out. After /health answers, none is readable and all are under the current key.
 */

const CARD = "4242424242424242"
const CURRENT_KEY_ID = accountKeyId(
  parseAccountKey(TEST_ACCOUNT_KEY, "PIASTRIX_ACCOUNT_KEY")
)
const oldKey = randomBytes(32)

let sandbox: RunningSandbox
let store: MedusaStore

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    shopId: TEST_SHOP_ID,
    secret: TEST_SECRET,
  })
  store = await startMedusaStore({
    env: {
      PIASTRIX_SHOP_ID: String(TEST_SHOP_ID),
      PIASTRIX_SECRET_KEY: TEST_SECRET,
      PIASTRIX_API_URL: sandbox.url,
      PIASTRIX_H2H_URL: sandbox.url,
      PIASTRIX_ACCOUNT_KEY: TEST_ACCOUNT_KEY,
      PIASTRIX_PREVIOUS_ACCOUNT_KEYS: oldKey.toString("hex"),
      PIASTRIX_RECONCILE: "off",
      PIASTRIX_PAYOUTS: "off",
      LOG_LEVEL: "info",
    },
  })
})

afterAll(async () => {
  await store?.close()
  await sandbox?.close()
})

it("encrypts, at medusa start, accounts stored readable and accounts of a previous key, and logs no account", async () => {
  const current = new RegExp(`^pxenc:v1:${CURRENT_KEY_ID}:`)
  // The dev seed's vendors were created through the module: already encrypted.
  const seeded = await store.sql(`select account from piastrix_recipient`)
  expect(seeded.length).toBeGreaterThan(0)
  for (const { account } of seeded) {
    expect(account).toMatch(current)
  }

  const old = createAccountCipher(oldKey)
  const insert = (id: string, account: string, details: unknown) =>
    store.sql(
      `insert into piastrix_recipient (id, name, email, rail, payway, account, account_details, currency, schedule)
       values ($1, $1, 'old@example.com', 'withdraw', 'card_rub', $2, $3::jsonb, 643, 'manual')`,
      [id, account, details === null ? null : JSON.stringify(details)]
    )
  await insert("pxrcp_boot_plain", CARD, { holder: "IVAN PETROV" })
  await insert("pxrcp_boot_old", old.seal(CARD, "pxrcp_boot_old/account"), null)
  await store.sql(
    `insert into piastrix_payout (id, recipient_id, currency, amount, raw_amount, rail, payway, account,
                                  shop_payment_id, status)
     values ('pxpo_boot_plain', 'pxrcp_boot_plain', 643, 10, '{"value":"10","precision":20}', 'withdraw',
             'card_rub', $1, 'pxpo_boot_plain', 'canceled')`,
    [CARD]
  )

  await store.start()

  const rows = [
    ...(await store.sql(
      `select id, account, account_details, account_masked from piastrix_recipient where id like 'pxrcp_boot_%'`
    )),
    ...(await store.sql(
      `select id, account, account_details, account_masked from piastrix_payout`
    )),
  ]
  expect(rows.map((r) => r.id).sort()).toEqual([
    "pxpo_boot_plain",
    "pxrcp_boot_old",
    "pxrcp_boot_plain",
  ])
  for (const row of rows) {
    expect({ id: row.id, account: row.account }).toEqual({
      id: row.id,
      account: expect.stringMatching(current),
    })
    expect(row.account_masked).toBe("42••••••••••4242")
  }
  expect(JSON.stringify(rows)).not.toMatch(/4242424242424242|PETROV/)
  expect(
    rows.find((r) => r.id === "pxrcp_boot_plain").account_details.holder
  ).toMatch(current)

  const output = store.output()
  expect(output).toContain(
    `Piastrix accounts: key ${CURRENT_KEY_ID}; 3 stored account(s) encrypted with it at this boot, 0 left as they are`
  )
  const leaks = output
    .split("\n")
    .filter((line) => secretsInLine(line, TEST_SECRET).length > 0)
  expect(leaks).toEqual([])
})
