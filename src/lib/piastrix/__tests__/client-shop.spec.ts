import nock from "nock"
import {
  API,
  expectPost,
  expectSignature,
  makeClient,
  NOW,
  ok,
  setUpNock,
} from "./client-test-utils"

setUpNock()

describe("shopBalance", () => {
  it("signs now and shop, sends shop_payment_id unsigned, and keeps balances as decimal text", async () => {
    const { seen } = expectPost(
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
    expect(seen.body).toEqual({
      now: NOW,
      shop_id: 5,
      shop_payment_id: "p-1",
      sign: expect.any(String),
    })
    expectSignature("/shop_balance", seen.body, `${NOW}:5`)
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

describe("shopInputConfig", () => {
  it("lists the payment directions with limits and fees as decimal text", async () => {
    const { seen } = expectPost(
      API,
      "/shop_input_config/shop",
      200,
      ok([
        {
          id: 1,
          name: "Card",
          rating: 10,
          is_bill_config: false,
          payways: [
            {
              add_ons_config: null,
              alias: "card_rub",
              currency: 643,
              fee_config: { fix: 0, percent: 3.5 },
              fee_part_config: { fix_part: 0, percent_part: 100 },
              id: 11,
              is_active: true,
              max_amount: 75000,
              min_amount: 10.5,
            },
          ],
        },
      ])
    )
    const methods = await makeClient().shopInputConfig()
    expect(seen.body).toEqual({
      now: NOW,
      shop_id: 5,
      sign: expect.any(String),
    })
    expectSignature("/shop_input_config/shop", seen.body, `${NOW}:5`)
    expect(methods[0].payways[0]).toMatchObject({
      alias: "card_rub",
      min_amount: "10.5",
      max_amount: "75000",
      fee_config: { percent: "3.5" },
    })
  })
})

describe("shopOutputConfig", () => {
  it("lists the payout directions with their account fields", async () => {
    const { seen } = expectPost(
      API,
      "/shop_output_config/shop",
      200,
      ok([
        {
          id: 2,
          name: "Card payout",
          is_transfer_config: false,
          payways: [
            {
              account_info_config: {
                account: { regex: "^\\d{16}$", title: "Card" },
              },
              alias: "card_rub",
              currency: 643,
              fee_config: { fix: 50, percent: 1 },
              info_id: null,
              max_amount: 100000,
              min_amount: 100,
            },
          ],
        },
      ])
    )
    const methods = await makeClient().shopOutputConfig()
    expectSignature("/shop_output_config/shop", seen.body, `${NOW}:5`)
    expect(methods[0].payways[0]).toMatchObject({
      alias: "card_rub",
      min_amount: "100",
      account_info_config: { account: { title: "Card" } },
    })
  })
})

describe("checkStatus", () => {
  it("reads the availability document without envelope", async () => {
    nock(API).get("/check_status").reply(200, { status: "OK" })
    await expect(makeClient().checkStatus()).resolves.toEqual({
      status: "OK",
      available: true,
    })
  })

  it("reports a service that answers another status as unavailable", async () => {
    nock(API).get("/check_status").reply(200, { status: "MAINTENANCE" })
    await expect(makeClient().checkStatus()).resolves.toMatchObject({
      available: false,
    })
  })
})
