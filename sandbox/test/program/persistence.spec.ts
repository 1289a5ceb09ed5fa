import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startSandbox } from "../../src"
import { now, ReferenceClient } from "../helpers/reference-client"

describe("sandbox state file", () => {
  const dir = mkdtempSync(join(tmpdir(), "piastrix-sandbox-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("keeps payments, payouts and balances across a restart", async () => {
    const statePath = join(dir, "state.json")
    const first = await startSandbox({ shopId: 5, secret: "s", statePath })
    const client = new ReferenceClient(first.url, 5, "s")
    const created = await client.call("/invoice/create", {
      amount: "100.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: "kept",
      email: "a@b.c",
    })
    await client.control("POST", `/payments/${created.data.id}/pay`)
    await client.call("/withdraw/create", {
      account: "4111111111111111",
      amount: "150.00",
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: 643,
      shop_payment_id: "kept-payout",
      email: "payee@example.com",
    })
    const balanceBefore = (await client.call("/shop_balance", { now: now() }))
      .data
    await first.close()

    const second = await startSandbox({ shopId: 5, secret: "s", statePath })
    try {
      const again = new ReferenceClient(second.url, 5, "s")
      const check = await again.call("/invoice/check", {
        now: now(),
        shop_order_id: "kept",
      })
      expect(check.data).toMatchObject({
        payment_id: created.data.id,
        status: 4,
      })
      const payout = await again.call("/withdraw/shop_payment_status", {
        now: now(),
        shop_payment_id: "kept-payout",
      })
      expect(payout.data.status).toBe(3)
      expect((await again.call("/shop_balance", { now: now() })).data).toEqual(
        balanceBefore
      )
      const next = await again.call("/invoice/create", {
        amount: "100.00",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "next",
        email: "a@b.c",
      })
      expect(next.data.id).toBeGreaterThan(created.data.id)
      // The payout waiting before the restart still settles afterwards.
      await again.control("POST", "/clock/advance", { ms: 5000 })
      expect(
        (
          await again.call("/withdraw/shop_payment_status", {
            now: now(),
            shop_payment_id: "kept-payout",
          })
        ).data.status
      ).toBe(5)
    } finally {
      await second.close()
    }
  })

  it("loads a state file written before request counts and money totals existed, counting from none", async () => {
    const statePath = join(dir, "older.json")
    const first = await startSandbox({ shopId: 5, secret: "s", statePath })
    const client = new ReferenceClient(first.url, 5, "s")
    await client.call("/transfer/create", {
      amount: "100.00",
      amount_type: "writeoff_amount",
      payee_account: "201494711279",
      payee_currency: 643,
      shop_currency: 643,
      shop_payment_id: "kept-transfer",
    })
    await first.close()
    const {
      requests: _r,
      money: _m,
      ...older
    } = JSON.parse(readFileSync(statePath, "utf8"))
    writeFileSync(statePath, JSON.stringify(older))

    const second = await startSandbox({ shopId: 5, secret: "s", statePath })
    try {
      const again = new ReferenceClient(second.url, 5, "s")
      await again.call("/transfer/shop_payment_status", {
        now: now(),
        shop_payment_id: "kept-transfer",
      })
      expect((await again.control<any>("GET", "/requests")).body).toMatchObject(
        {
          total: 1,
          endpoints: {
            "/transfer/shop_payment_status": {
              shop_payment_id: { "kept-transfer": { handled: 1 } },
            },
          },
        }
      )
      expect(
        (await again.control<any>("GET", "/money")).body["643"]
      ).toMatchObject({
        transfers: { count: 0, amount: "0.00" },
        balance: { available: "999900.00" },
      })
    } finally {
      await second.close()
    }
  })
})
