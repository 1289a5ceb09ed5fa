import axios from "axios"
import { expectFaultNotFired } from "../helpers/faults"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { createCart, storeHeaders } from "../helpers/store-api"
import { expectRejected } from "../helpers/store-routes"
import { adminHeaders } from "../helpers/admin-api"

jest.setTimeout(120000)

piastrixIntegrationRunner(({ api, seed, sandbox, getContainer }) => {
  const get = (path: string, params: Record<string, unknown>) =>
    api.get(path, { ...storeHeaders(seed()), params })

  describe("GET /store/piastrix/directions", () => {
    it("lists the payways a RUB cart can use, grouped by kind, with limits, fees and add-on fields", async () => {
      const cart = await createCart(api, seed())
      const res = await get("/store/piastrix/directions", { cart_id: cart.id })

      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({
        cart_id: cart.id,
        amount: "1250.50",
        currency_code: "rub",
        currency: 643,
      })
      const aliases = (kind: string) =>
        res.data.directions[kind].map((d: { payway: string }) => d.payway)
      expect(aliases("wallet")).toEqual(["piastrix_rub"])
      expect(aliases("redirect")).toEqual(
        expect.arrayContaining(["card_rub", "qiwi_rub"])
      )
      // Inactive (yamoney_rub) and other currencies (card_usd) are not offered.
      expect(aliases("redirect")).not.toContain("yamoney_rub")
      expect(aliases("redirect")).not.toContain("card_usd")
      expect(aliases("card")).toEqual(["h2h_card_rub"])
      expect(aliases("bank_transfer")).toEqual(
        expect.arrayContaining(["h2h_sbp_rub", "h2h_bank_rub", "h2h_qr_rub"])
      )

      const qiwi = res.data.directions.redirect.find(
        (d: { payway: string }) => d.payway === "qiwi_rub"
      )
      expect(qiwi).toMatchObject({
        kind: "redirect",
        name: "Qiwi",
        currency: 643,
        min_amount: "1",
        max_amount: "15000",
        add_ons_config: {
          phone: expect.objectContaining({ regex: "^7\\d{10}$" }),
        },
      })
      expect(qiwi.fee_part_config).toMatchObject({ percent_part: "1" })
    })

    it("leaves out payways whose limits the cart total exceeds, and filters by kind", async () => {
      // 4 gift cards: 20000 RUB, above qiwi_rub's 15000 maximum.
      const cart = await createCart(api, seed(), {
        sku: "piastrix-gift-card",
        quantity: 4,
      })
      const res = await get("/store/piastrix/directions", {
        cart_id: cart.id,
        kind: "redirect",
      })

      expect(res.data.amount).toBe("20000.00")
      expect(Object.keys(res.data.directions)).toEqual(["redirect"])
      const aliases = res.data.directions.redirect.map(
        (d: { payway: string }) => d.payway
      )
      expect(aliases).toContain("card_rub")
      expect(aliases).not.toContain("qiwi_rub")
    })

    it("lists the USD payways for a USD cart", async () => {
      const cart = await createCart(api, seed(), { currency: "usd" })
      const res = await get("/store/piastrix/directions", { cart_id: cart.id })

      expect(res.data).toMatchObject({ amount: "15.00", currency: 840 })
      expect(
        res.data.directions.redirect.map((d: { payway: string }) => d.payway)
      ).toContain("card_usd")
      expect(res.data.directions.bank_transfer).toEqual([])
    })

    it("answers 404 for an unknown cart and 400 naming the field for bad input", async () => {
      await expectRejected(
        get("/store/piastrix/directions", { cart_id: "cart_01UNKNOWN" }),
        404,
        /cart/i
      )
      await expectRejected(
        get("/store/piastrix/directions", {}),
        400,
        /cart_id/
      )
      await expectRejected(
        get("/store/piastrix/directions", { cart_id: "order_1" }),
        400,
        /cart_id/
      )
      await expectRejected(
        get("/store/piastrix/directions", { cart_id: "cart_1", kind: "cash" }),
        400,
        /kind/
      )
      await expectRejected(
        get("/store/piastrix/directions", { cart_id: "cart_1", extra: "1" }),
        400,
        /extra/
      )
      await expectRejected(
        get("/store/piastrix/directions", { cart_id: "cart_1", "a.b.c": "1" }),
        400,
        /a\.b\.c/
      )
    })

    it("requires the publishable key like every store route", async () => {
      const cart = await createCart(api, seed())
      await expectRejected(
        api.get("/store/piastrix/directions", { params: { cart_id: cart.id } }),
        400,
        /publishable/i
      )
    })

    it("asks the service for the shop's directions once for many requests, and again after the admin read them", async () => {
      const cart = await createCart(api, seed())
      const admin = await adminHeaders(getContainer())
      // The admin's directions page reads them fresh and drops the kept ones: start from there. A latency
      // fault of 0 ms changes nothing but counts the requests that reach the endpoint (each uses one `times`).
      expect((await api.get("/admin/piastrix/directions", admin)).status).toBe(
        200
      )
      const counter = (
        await axios.post(`${sandbox().url}/__sandbox/faults`, {
          type: "latency",
          ms: 0,
          path: "/shop_input_config/shop",
          times: 100,
        })
      ).data
      const reached = async () => {
        const rules = (await axios.get(`${sandbox().url}/__sandbox/faults`))
          .data as Array<{ id: number; remaining: number }>
        return 100 - rules.find((r) => r.id === counter.id)!.remaining
      }
      await Promise.all(
        [1, 2, 3].map(() =>
          get("/store/piastrix/directions", { cart_id: cart.id })
        )
      )
      await get("/store/piastrix/directions", { cart_id: cart.id })
      expect(await reached()).toBe(1)
      // An operator opening the directions page (one request) makes the next checkout read them again.
      await api.get("/admin/piastrix/directions", admin)
      await get("/store/piastrix/directions", { cart_id: cart.id })
      await get("/store/piastrix/directions", { cart_id: cart.id })
      expect(await reached()).toBe(3)
      await axios.delete(`${sandbox().url}/__sandbox/faults`)
      // Taking the shop's directions away at the service does not change the answer inside the cache window.
      const before = await get("/store/piastrix/directions", {
        cart_id: cart.id,
      })
      const outage = (
        await axios.post(`${sandbox().url}/__sandbox/faults`, {
          type: "http_error",
          path: "/shop_input_config/shop",
        })
      ).data
      try {
        const after = await get("/store/piastrix/directions", {
          cart_id: cart.id,
        })
        expect(after.status).toBe(200)
        expect(after.data.directions).toEqual(before.data.directions)
        // The kept answer served it: the service was not asked.
        await expectFaultNotFired(sandbox(), outage.id)
      } finally {
        await axios.delete(`${sandbox().url}/__sandbox/faults`)
      }
    })
  })

  describe("POST /store/piastrix/quote", () => {
    const post = (body: unknown) =>
      api.post("/store/piastrix/quote", body, storeHeaders(seed()))

    it("prices the cart with the payer's fee for a payway (/invoice/try)", async () => {
      const cart = await createCart(api, seed())
      const res = await post({ cart_id: cart.id, payway: "qiwi_rub" })

      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({
        cart_id: cart.id,
        payway: "qiwi_rub",
        kind: "redirect",
        amount: "1250.50",
        currency: 643,
        ps_currency: 643,
        paymethod_name: "Qiwi",
        add_ons_config: {
          phone: expect.objectContaining({ example: "79001234567" }),
        },
      })
      // qiwi_rub charges the payer 1 %: 12.505, which the service rounds (the sandbox half up) to 12.51.
      // The plugin passes the service's figures on as they are, never a fee of its own.
      expect(res.data).toMatchObject({
        payer_fee: "12.51",
        payer_price: "1263.01",
      })
      // A quote creates no payment at the service.
      const state = await axios.get(`${sandbox().url}/__sandbox/state`)
      expect(
        state.data.payments.filter((p: { shopOrderId: string }) =>
          p.shopOrderId.startsWith("quote_")
        )
      ).toEqual([])
    })

    it("quotes a payway without a payer fee at the cart total", async () => {
      const cart = await createCart(api, seed())
      const res = await post({ cart_id: cart.id, payway: "card_rub" })
      expect(res.data).toMatchObject({
        payer_price: "1250.5",
        payer_fee: "0",
        kind: "redirect",
      })
    })

    it("refuses a payway the cart cannot use, naming payway or amount", async () => {
      const cart = await createCart(api, seed())
      await expectRejected(
        post({ cart_id: cart.id, payway: "yamoney_rub" }),
        400,
        /payway.*not active/
      )
      await expectRejected(
        post({ cart_id: cart.id, payway: "card_usd" }),
        400,
        /payway.*currency/
      )
      await expectRejected(
        post({ cart_id: cart.id, payway: "no_such_rub" }),
        400,
        /payway.*not enabled/
      )
      const big = await createCart(api, seed(), {
        sku: "piastrix-gift-card",
        quantity: 4,
      })
      await expectRejected(
        post({ cart_id: big.id, payway: "qiwi_rub" }),
        400,
        /amount.*maximum/
      )
    })

    it("answers bad input with 400 naming the field, and an unknown cart with 404", async () => {
      await expectRejected(post({ payway: "card_rub" }), 400, /cart_id/)
      await expectRejected(post({ cart_id: "cart_1" }), 400, /payway/)
      await expectRejected(
        post({ cart_id: 12, payway: "card_rub" }),
        400,
        /cart_id/
      )
      await expectRejected(
        post({ cart_id: "cart_1", payway: "card rub; drop" }),
        400,
        /payway/
      )
      await expectRejected(
        post({ cart_id: "cart_1", payway: "card_rub", amount: "1" }),
        400,
        /amount/
      )
      await expectRejected(
        post({ cart_id: "cart_01UNKNOWN", payway: "card_rub" }),
        404,
        /cart/i
      )
    })

    it("answers 502 with a short message when the service fails, never 500", async () => {
      const cart = await createCart(api, seed())
      await axios.post(`${sandbox().url}/__sandbox/faults`, {
        type: "http_error",
        path: "/invoice/try",
        status: 503,
      })
      try {
        await expectRejected(
          post({ cart_id: cart.id, payway: "card_rub" }),
          502,
          /payment service/
        )
      } finally {
        await axios.delete(`${sandbox().url}/__sandbox/faults`)
      }
    })
  })
})
