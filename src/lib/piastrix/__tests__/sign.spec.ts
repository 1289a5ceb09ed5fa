import {
  SIGNED_FIELDS,
  sha256Sign,
  signCallback,
  signFields,
  signRequest,
  signString,
} from "../sign"

/**
 * Published vectors (docs/service-facts.md#signature): the service's own examples and requests a
 * sister platform's server accepted, plus our own vectors V4..V12.
 */
const vectors: Array<{
  name: string
  secret: string
  keys: readonly string[]
  fields: Record<string, unknown>
  joined: string
  sign: string
}> = [
  {
    name: "bill/create (service example)",
    secret: "SecretKey01",
    keys: SIGNED_FIELDS["/bill/create"],
    fields: {
      payer_currency: 643,
      shop_amount: "23.15",
      shop_currency: 643,
      shop_id: 5,
      shop_order_id: 123456,
    },
    joined: "643:23.15:643:5:123456",
    sign: "091ee6f0bce195a508231ee0d62d7645bd0b38b63e22bde78046b277d6988045",
  },
  {
    name: "invoice/create (service example, description unsigned)",
    secret: "SecretKey01",
    keys: SIGNED_FIELDS["/invoice/create"],
    fields: {
      amount: "12.34",
      currency: 643,
      payway: "payeer_rub",
      shop_id: 5,
      shop_order_id: 4126,
      description: "Test invoice",
    },
    joined: "12.34:643:payeer_rub:5:4126",
    sign: "9cf003e3ad9da90ff00b06349b677261d5539f7e0540fb976c45537a141222c1",
  },
  ...[
    ["10", "ec94ebe3e86221eb9b4453f094b74ee182567e6b63adaf373a07324085c970ec"],
    [
      "10.0",
      "5b58a7ad2d48a94b23b8f79edcf9094e55188ab88effd495dba9ed423dad4688",
    ],
    [
      "10.00",
      "19eb2047517229f60d3be4bea15f06cb22da47803a676a4a0bd2ab1cb83a76c2",
    ],
  ].map(([amount, sign]) => ({
    name: `invoice amount "${amount}" signs differently from the other two forms`,
    secret: "SecretKey01",
    keys: SIGNED_FIELDS["/invoice/create"],
    fields: {
      amount,
      currency: 643,
      payway: "card_rub",
      shop_id: 5,
      shop_order_id: "1",
    },
    joined: `${amount}:643:card_rub:5:1`,
    sign,
  })),
  {
    name: "pay form (service example)",
    secret: "SecretKey01",
    keys: ["amount", "currency", "shop_id", "shop_order_id"],
    fields: {
      amount: "10.00",
      currency: "643",
      shop_id: "5",
      shop_order_id: "101",
    },
    joined: "10.00:643:5:101",
    sign: "e4580435a252d61ef91b71cb23ed7bee4d77de94ced36411526d2ce3b66ada8f",
  },
  {
    name: "withdraw/create accepted by the ContactPay server (description unsigned)",
    secret: "593156648d1c420dad278c4e723b5741",
    keys: SIGNED_FIELDS["/withdraw/create"],
    fields: {
      shop_id: 357,
      shop_currency: 643,
      payway: "qiwi_topup_rub_to_wallet[mock_server,success]",
      amount: "100.23",
      account: "79991112233",
      amount_type: "ps_amount",
      shop_payment_id: "shop_payment_111",
      description: "It's payout for my friend",
    },
    joined:
      "79991112233:100.23:ps_amount:qiwi_topup_rub_to_wallet[mock_server,success]:643:357:shop_payment_111",
    sign: "e8f172899c4a74e9c2059b67b0bd03d4534b75b10f1a39e59456aabbe7264047",
  },
  {
    name: "shop_balance accepted by the ContactPay server",
    secret: "593156648d1c420dad278c4e723b5741",
    keys: SIGNED_FIELDS["/shop_balance"],
    fields: { shop_id: 357, now: "2023-07-18T13:23:41" },
    joined: "2023-07-18T13:23:41:357",
    sign: "4ef5d8ea9f8cbcd417b35a283fce7f920a26b702f39c9caea9b151f37f365bec",
  },
  {
    name: "invoice/create accepted by the ContactPay server",
    secret: "731a577aa3084fe6ac76cdbe3be0629b",
    keys: SIGNED_FIELDS["/invoice/create"],
    fields: {
      shop_id: 356,
      shop_order_id: "117",
      amount: "299.45",
      currency: 643,
      payway: "card_core_payin_rub[mock_server,success_with_callback]",
      description: "Testing invoices",
    },
    joined:
      "299.45:643:card_core_payin_rub[mock_server,success_with_callback]:356:117",
    sign: "1aea9cdf27005b787aefbf9f53c7b746812825b6303084f3e2634d7f428fa248",
  },
  {
    name: "invoice/check accepted by the ContactPay server",
    secret: "731a577aa3084fe6ac76cdbe3be0629b",
    keys: SIGNED_FIELDS["/invoice/check"],
    fields: { shop_id: 356, now: "2023-07-18T13:23:41", shop_order_id: "117" },
    joined: "2023-07-18T13:23:41:356:117",
    sign: "e02504efbfad0ce3d11cdc27b0058fd6da14635a94952d9b7f5c8f53b085e8fa",
  },
  {
    name: "V4 withdraw/create: account_details and description are not signed",
    secret: "SecretKey01",
    keys: SIGNED_FIELDS["/withdraw/create"],
    fields: {
      account: "4111111111111111",
      amount: "150.00",
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: 643,
      shop_id: 5,
      shop_payment_id: "payout-42",
      description: "x",
      account_details: { holder: "IVAN IVANOV" },
    },
    joined: "4111111111111111:150.00:ps_amount:card_rub:643:5:payout-42",
    sign: "bdf6ef63d4a607d286b634c8a70266c4b80a2f2001c388bc40c595f60a21f72d",
  },
  {
    name: "V5 shop_balance",
    secret: "SecretKey01",
    keys: SIGNED_FIELDS["/shop_balance"],
    fields: { now: "2024-01-15 12:30:00", shop_id: 5 },
    joined: "2024-01-15 12:30:00:5",
    sign: "2f94fddb6ff9c0c812bc3b997e2c4605285a79f1ca88be48d4a05c87fbf6bcdb",
  },
  {
    name: "V6 bill/shop_order_status",
    secret: "SecretKey01",
    keys: SIGNED_FIELDS["/bill/shop_order_status"],
    fields: {
      now: "2024-01-15T12:30:00",
      shop_id: 5,
      shop_order_id: "order_01HX",
    },
    joined: "2024-01-15T12:30:00:5:order_01HX",
    sign: "1bc829410c7858542e378ff5026c7ba70391ec2a697b5e75eb46f6fb9245c5d3",
  },
  {
    name: "V9 UTF-8 shop_order_id",
    secret: "SecretKey01",
    keys: SIGNED_FIELDS["/invoice/create"],
    fields: {
      amount: "100.00",
      currency: "643",
      payway: "card_rub",
      shop_id: 5,
      shop_order_id: "заказ-7",
    },
    joined: "100.00:643:card_rub:5:заказ-7",
    sign: "d4999164cce3b6ea4029ba7a7cb7a6f9cf469b0c5ab005225818e48d8f562c04",
  },
  {
    name: "V10 transfer/create",
    secret: "SecretKey01",
    keys: SIGNED_FIELDS["/transfer/create"],
    fields: {
      amount: "25.50",
      amount_type: "writeoff_amount",
      payee_account: "201494711279",
      payee_currency: 643,
      shop_currency: 643,
      shop_id: 5,
      shop_payment_id: "tr-1",
    },
    joined: "25.50:writeoff_amount:201494711279:643:643:5:tr-1",
    sign: "a890574eb54c8b95f94c0a7995adb248c496b3cb0e1c7d554a773989a78bde11",
  },
  {
    name: "V11 check_account",
    secret: "SecretKey01",
    keys: SIGNED_FIELDS["/check_account"],
    fields: {
      account: "79991112233",
      amount: "100.23",
      payway: "qiwi_rub",
      shop_id: 5,
    },
    joined: "79991112233:100.23:qiwi_rub:5",
    sign: "3c466b68f2fd023f8aaa5cbef70cedef580daa4070f0793d9b5ea37e5c39b057",
  },
  {
    name: "V12 withdraw/status",
    secret: "SecretKey01",
    keys: SIGNED_FIELDS["/withdraw/status"],
    fields: { now: "2024-01-15 12:30:00", shop_id: 5, withdraw_id: 48581287 },
    joined: "2024-01-15 12:30:00:5:48581287",
    sign: "fb509e0694408b27fe83982212197c8d24901331a8af1947511af87cd5de2f08",
  },
]

describe("signature rule", () => {
  it.each(vectors)(
    "reproduces the published signature: $name",
    ({ secret, keys, fields, joined, sign }) => {
      expect(signString(fields, keys)).toBe(joined)
      expect(signFields(fields, keys, secret)).toBe(sign)
      expect(sha256Sign(joined, secret)).toBe(sign)
    }
  )

  it("signs a request by the endpoint's field set, ignoring unsigned fields", () => {
    const fields = {
      amount: "12.34",
      currency: 643,
      payway: "payeer_rub",
      shop_id: 5,
      shop_order_id: 4126,
      email: "payer@example.com",
      description: "Test invoice",
      success_url: "https://shop.example/ok",
    }
    expect(signRequest("/invoice/create", fields, "SecretKey01")).toBe(
      "9cf003e3ad9da90ff00b06349b677261d5539f7e0540fb976c45537a141222c1"
    )
  })

  it("V7: signs a notification over its non-empty fields, dropping an empty description", () => {
    const callback = {
      client_price: "1.00",
      created: "2021-05-21 03:32:29",
      description: "",
      payer_account: "payer@example.com",
      payment_id: "5144451902",
      payway: "card_rub",
      processed: "2021-05-21 03:32:29",
      ps_currency: "978",
      ps_data: '{"ps_payer_account": "537541XXXXXX7424"}',
      shop_amount: "1.00",
      shop_currency: "978",
      shop_id: "5109",
      shop_order_id: "5144451902",
      status: "success",
    }
    expect(signCallback(callback, "SecretKey01")).toBe(
      "a47f3fc514dceb239f89260cf2c22672298164195484d1b44c01af07323a88c6"
    )
    expect(signFields(callback, Object.keys(callback), "SecretKey01")).toBe(
      "cab61104447848e0bd959bf06f6c59f3dacca95a4fc5dfeb61db237a3b7e633e"
    )
  })

  it("refuses to sign a float, whose text differs between languages", () => {
    expect(() => signString({ amount: 10.5 }, ["amount"])).toThrow(/amount/)
  })

  it("refuses to sign when a signed field is missing, naming it", () => {
    expect(() =>
      signString({ shop_id: 5 }, ["shop_id", "shop_order_id"])
    ).toThrow(/shop_order_id/)
  })
})
