import en from "../../../admin/i18n/json/en.json"
import ru from "../../../admin/i18n/json/ru.json"
import {
  MESSAGE_TEMPLATES,
  messageText,
  plainMessage,
  type MessageCode,
} from "../messages"

const codes = Object.keys(
  MESSAGE_TEMPLATES
) as (keyof typeof MESSAGE_TEMPLATES)[]

/** The admin's text of a code (`messages.payout.vendor_owes`), or undefined. */
const wordsOf = (texts: object, code: MessageCode): unknown =>
  `messages.${code}`
    .split(".")
    .reduce<any>((o, key) => (o === undefined ? o : o[key]), texts)

/** Sample params for a template: every param a distinct value, amounts as decimals. */
function sample(code: keyof typeof MESSAGE_TEMPLATES) {
  const params: Record<string, string> = {}
  for (const [, name, amount] of MESSAGE_TEMPLATES[code].matchAll(
    /\{(\w+)(:amount)?/g
  )) {
    params[name] = amount
      ? `${name.length}12.5`
      : name.endsWith("currency")
        ? "643"
        : `${name}-value`
  }
  return params
}

describe("server messages", () => {
  it("have words in English and Russian for every code, and no words for a code the server does not send", () => {
    for (const code of [...codes, "other" as const]) {
      expect([code, typeof wordsOf(en, code)]).toEqual([code, "string"])
      expect([code, typeof wordsOf(ru, code)]).toEqual([code, "string"])
    }
    const known = new Set<string>([...codes, "other"])
    const worded = (texts: any, prefix = "messages"): string[] =>
      Object.entries(prefix === "messages" ? texts.messages : texts).flatMap(
        ([key, value]) =>
          typeof value === "object"
            ? worded(value, `${prefix}.${key}`).map((c) => c)
            : [`${prefix}.${key}`.replace(/^messages\./, "")]
      )
    expect(worded(en).filter((c) => !known.has(c))).toEqual([])
  })

  it("use in their words only params the server sends", () => {
    for (const code of codes) {
      const sent = new Set(Object.keys(sample(code)))
      for (const texts of [en, ru]) {
        const used = [
          ...String(wordsOf(texts, code)).matchAll(/\{\{(\w+)\}\}/g),
        ].map((m) => m[1])
        expect([code, used.filter((p) => !sent.has(p))]).toEqual([code, []])
      }
    }
  })

  it.each(codes)("reads %s back from its text with its params", (code) => {
    const params = sample(code)
    const read = plainMessage(messageText(code, params), {
      currency: "RUB",
      currencyName: (c) => (c === "643" ? "RUB" : c),
    })
    expect(read?.code).toBe(code)
    for (const [name, value] of Object.entries(params)) {
      const param = read!.params[name]
      if (
        /:amount/.test(MESSAGE_TEMPLATES[code]) &&
        typeof param === "object"
      ) {
        expect(param).toMatchObject({ amount: value, currency: "RUB" })
      } else if (name.endsWith("currency")) {
        expect(param).toBe("RUB")
      } else if (name === "reason") {
        // Not a message of the table: the admin says the reason is in Details, never shows it in English.
        expect(param).toEqual({ code: "other", params: {} })
      } else {
        expect(param).toBe(value)
      }
    }
  })

  it("names a nested reason by its own code", () => {
    const inner = messageText("service.unreachable", {
      detail: "/shop_balance: network error ECONNREFUSED (after 3 attempts)",
    })
    expect(
      plainMessage(messageText("payout.outcome_unknown", { reason: inner }))
    ).toEqual({
      code: "payout.outcome_unknown",
      params: {
        reason: {
          code: "service.unreachable",
          params: { detail: expect.any(String) },
        },
      },
    })
  })

  it("reads an amount in the currency the message names, else the one the reader knows", () => {
    expect(
      plainMessage(
        messageText("inbox.refunded_to_wallet", {
          amount: "1250.50",
          currency: "RUB",
          payee: "201494711279",
          transfer: "7",
          shop_payment_id: "pxrf_1",
        }),
        { currency: "USD" }
      )?.params.amount
    ).toEqual({ amount: "1250.50", currency: "RUB" })
    expect(
      plainMessage("amount: nothing is payable: the vendor owes 1012.90", {
        currency: "RUB",
      })
    ).toEqual({
      code: "payout.vendor_owes",
      params: { owed: { amount: "1012.90", currency: "RUB" } },
    })
  })

  it("calls a text it does not know other, and no text null", () => {
    expect(plainMessage("Invalid account number")).toEqual({
      code: "other",
      params: {},
    })
    expect(plainMessage(null)).toBeNull()
    expect(plainMessage("")).toBeNull()
  })
})
