import { Modules } from "@medusajs/framework/utils"
import { reconcilePiastrix } from "../../src/jobs/reconcile-piastrix"
import { sandboxControl, waitFor } from "../helpers/callbacks"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  createCart,
  findOrderForCart,
  orderOfCartItems,
  startPaymentSession,
} from "../helpers/store-api"

jest.setTimeout(120000)

const REDIRECT = "pp_piastrix_piastrix"

piastrixIntegrationRunner(({ api, getContainer, seed, sandbox }) => {
  /** What a completion killed after creating the order and before linking it leaves: an unlinked order. */
  const leftoverOrder = (cart: any, email = cart.email) =>
    orderOfCartItems(getContainer(), cart, email)

  async function paidOrder() {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, REDIRECT, {
      payway: "card_rub",
      email: cart.email,
    })
    const leftover = await leftoverOrder(cart)
    await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
    const order = await waitFor(async () => {
      const found = await findOrderForCart(getContainer(), cart.id)
      return found?.payment_state === "captured" ? found : null
    })
    return { cart, order, leftover }
  }

  const retrieve = (id: string) =>
    getContainer()
      .resolve(Modules.ORDER)
      .retrieveOrder(id, {
        select: ["id", "status", "canceled_at", "metadata"],
      })

  it("cancels, with a note, an unlinked order made from a paid Piastrix cart, and leaves the real order alone", async () => {
    const { cart, order, leftover } = await paidOrder()
    const result = await reconcilePiastrix(getContainer(), {
      orphanGraceSeconds: 0,
    })
    expect(result.orphan_orders).toEqual([
      { order_id: leftover.id, canceled: true },
    ])

    const canceled = await retrieve(leftover.id)
    expect(canceled.status).toBe("canceled")
    expect(canceled.metadata?.piastrix_orphan).toEqual(
      expect.objectContaining({
        cart_id: cart.id,
        order_id: order.id,
        reason: expect.stringMatching(/interrupted completion/),
      })
    )
    expect((await retrieve(order.id)).status).not.toBe("canceled")

    const again = await reconcilePiastrix(getContainer(), {
      orphanGraceSeconds: 0,
    })
    expect(again.orphan_orders).toEqual([])
  })

  it("leaves an unlinked order that matches no Piastrix cart untouched", async () => {
    const { cart } = await paidOrder()
    const stranger = await leftoverOrder(
      { ...cart, items: cart.items },
      "someone-else@example.com"
    )
    const result = await reconcilePiastrix(getContainer(), {
      orphanGraceSeconds: 0,
    })
    expect(result.orphan_orders).toEqual(
      expect.arrayContaining([{ order_id: stranger.id, canceled: false }])
    )
    expect((await retrieve(stranger.id)).status).not.toBe("canceled")
  })

  it("waits before judging an order a completion may still be linking", async () => {
    const { leftover } = await paidOrder()
    const result = await reconcilePiastrix(getContainer())
    expect(result.orphan_orders.map((o) => o.order_id)).not.toContain(
      leftover.id
    )
    expect((await retrieve(leftover.id)).status).not.toBe("canceled")
  })
})
