import nock from "nock"
import { API, expectPost, makeClient, ok, setUpNock } from "./client-test-utils"

setUpNock()

describe("shopBalance", () => {
  it("keeps balances as decimal text whether the service writes them as numbers or as strings", async () => {
    // The sandbox writes numbers (client-sandbox.spec.ts); the reference shows both.
    expectPost(
      API,
      "/shop_balance",
      200,
      ok({
        shop_id: 5,
        balances: [
          {
            currency: 643,
            available: 1000.1,
            frozen: 0,
            hold: 25,
            rolling_reserve: 10,
          },
          { currency: "840", available: "12.00", frozen: 0, hold: 0 },
        ],
      })
    )
    const result = await makeClient().shopBalance({ shop_payment_id: "p-1" })
    expect(result.balances).toEqual([
      {
        currency: 643,
        available: "1000.1",
        frozen: "0",
        hold: "25",
        rolling_reserve: "10",
      },
      { currency: 840, available: "12.00", frozen: "0", hold: "0" },
    ])
  })
})

describe("checkStatus", () => {
  it("reports a service that answers another status as unavailable", async () => {
    nock(API).get("/check_status").reply(200, { status: "MAINTENANCE" })
    await expect(makeClient().checkStatus()).resolves.toMatchObject({
      available: false,
    })
  })
})
