import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { SqlConnection } from "../../src/lib/plugin"
import { Migration20261126130000 } from "../../src/modules/piastrix/migrations/Migration20261126130000"
import { adminHeaders } from "../helpers/admin-api"
import {
  holdCallbacks,
  refundTransfers,
  sandboxControl,
  waitFor,
} from "../helpers/callbacks"
import { payOnPaymentPage } from "../helpers/payer"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  completeCart,
  createCart,
  findOrderForCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"

jest.setTimeout(180000)

const WALLET = "pp_piastrix-wallet_piastrix"
const PAYER_WALLET = "201234561279"
const MASKED = "20••••••1279"

/**
 * Payer data stays with the payer: Medusa's store API returns a cart with its payment sessions' data,
 * to whoever holds the cart's id, so that data carries the payer's wallet only masked. The plugin's
 * own tables keep it whole, and a wallet refund still goes back to the whole wallet.
 */
piastrixIntegrationRunner(({ api, getContainer, sandbox, seed }) => {
  /** The cart as any storefront reads it, with every payment session's data. */
  async function storefrontCart(cartId: string) {
    const { data } = await api.get(`/store/carts/${cartId}`, {
      ...storeHeaders(seed()),
      params: { fields: "*payment_collection.payment_sessions" },
    })
    return data.cart
  }

  async function refund(paymentId: string, amount: number) {
    const res = await api.post(
      `/admin/payments/${paymentId}/refund`,
      { amount },
      await adminHeaders(getContainer())
    )
    return res.status
  }

  async function capturedOrder(cartId: string) {
    return waitFor(async () => {
      const o = await findOrderForCart(getContainer(), cartId)
      return o?.payment_state === "captured" ? o : null
    })
  }

  it("shows no whole payer wallet with the cart after a paid wallet payment, and refunds to the whole one", async () => {
    const cart = await createCart(api, seed())
    // The wallet the payer typed: answered masked at once.
    const { session } = await startPaymentSession(api, seed(), cart, WALLET, {
      email: cart.email,
      payer_account: PAYER_WALLET,
    })
    expect(session.data.payer_account).toBe(MASKED)
    await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
    const order = await capturedOrder(cart.id)

    const read = await storefrontCart(cart.id)
    const sessions = read.payment_collection.payment_sessions
    expect(sessions).toEqual([
      expect.objectContaining({
        id: session.id,
        data: expect.objectContaining({
          state: "paid",
          payer_account: MASKED,
        }),
      }),
    ])
    expect(JSON.stringify(read)).not.toContain(PAYER_WALLET)

    expect(await refund(order.payment_collections[0].payments[0].id, 100)).toBe(
      200
    )
    const transfers = await refundTransfers(sandbox(), session.id)
    expect(transfers).toHaveLength(1)
    expect(transfers[0]).toMatchObject({ account: PAYER_WALLET })
    expect(JSON.stringify(await storefrontCart(cart.id))).not.toContain(
      PAYER_WALLET
    )
  })

  it("masks the whole wallets that data written before this change holds, keeping them in the register (the migration)", async () => {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, WALLET, {
      email: cart.email,
    })
    await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
    await capturedOrder(cart.id)
    const db = getContainer().resolve<SqlConnection>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
    // As an earlier version left it: the session's and the payment's data hold the wallet whole, the register nothing.
    for (const table of ["payment_session", "payment"]) {
      await db.raw(
        `update ${table} set data = jsonb_set(data, '{payer_account}', to_jsonb(?::text))
          where data->>'shop_order_id' = ?`,
        [PAYER_WALLET, session.id]
      )
    }
    await db.raw(
      `update piastrix_payment set payer_account = null where shop_order_id = ?`,
      [session.id]
    )
    expect(JSON.stringify(await storefrontCart(cart.id))).toContain(
      PAYER_WALLET
    )

    const migration = new Migration20261126130000({} as never, {} as never)
    await migration.up()
    for (const sql of migration.getQueries()) {
      await db.raw(String(sql))
    }

    expect(JSON.stringify(await storefrontCart(cart.id))).not.toContain(
      PAYER_WALLET
    )
    const { rows } = await db.raw(
      `select (select payer_account from piastrix_payment where shop_order_id = ?) as registered,
              (select data->>'payer_account' from payment where data->>'shop_order_id' = ?) as payment`,
      [session.id, session.id]
    )
    expect(rows[0]).toEqual({ registered: PAYER_WALLET, payment: MASKED })
  })

  it("keeps the wallet a status read told whole only in the register, and refunds to it", async () => {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, WALLET, {
      email: cart.email,
    })
    // No notification reaches the store: the payment is known from the status read at completion only.
    await holdCallbacks(sandbox())
    try {
      await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
      expect((await completeCart(api, seed(), cart.id)).status).toBe(200)
    } finally {
      await sandboxControl(sandbox(), "DELETE", "faults")
    }
    const order = await capturedOrder(cart.id)
    expect(JSON.stringify(await storefrontCart(cart.id))).not.toContain(
      PAYER_WALLET
    )

    expect(await refund(order.payment_collections[0].payments[0].id, 50)).toBe(
      200
    )
    const transfers = await refundTransfers(sandbox(), session.id)
    expect(transfers).toEqual([
      expect.objectContaining({ account: PAYER_WALLET }),
    ])
  })
})
