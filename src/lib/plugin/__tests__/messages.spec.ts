import en from "../../../admin/i18n/json/en.json"
import ru from "../../../admin/i18n/json/ru.json"
import {
  MESSAGE_TEMPLATES,
  messageText,
  plainMessage,
  storedMessage,
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

  describe("stored beside their text", () => {
    const debited = messageText("payout.debited_differs", {
      debited: "50.5",
      amount: "50.00",
    })

    it("store the code and the params as written, a nested reason with its own code", () => {
      expect(storedMessage(debited)).toEqual({
        code: "payout.debited_differs",
        params: { debited: "50.5", amount: "50.00" },
      })
      const inner = messageText("service.unreachable", { detail: "timeout" })
      expect(
        storedMessage(messageText("payout.outcome_unknown", { reason: inner }))
      ).toEqual({
        code: "payout.outcome_unknown",
        params: {
          reason: {
            code: "service.unreachable",
            params: { detail: "timeout" },
          },
        },
      })
      expect(storedMessage("Invalid account number")).toEqual({
        code: "other",
        params: {},
      })
      expect(storedMessage(null)).toBeNull()
    })

    it("clip every param as the text is clipped", () => {
      const stored = storedMessage(
        messageText("inbox.processing_failed", { detail: "x".repeat(3000) })
      )
      expect((stored!.params.detail as string).length).toBe(1000)
      expect(
        storedMessage(
          messageText("payout.account_unreadable", {
            detail: "4111111111111111",
          }),
          (value) => value.replace(/\d{12,}/g, "••••")
        )!.params.detail
      ).toBe("••••")
    })

    it("name a row written with a template's older words by its stored code and params", () => {
      const stored = storedMessage(debited)
      // The text as an older version worded it: no template of this version matches it.
      const older = "Piastrix took 50.5 for the payout of 50.00"
      expect(plainMessage(older, { currency: "RUB" })?.code).toBe("other")
      expect(plainMessage(older, { currency: "RUB" }, stored)).toEqual({
        code: "payout.debited_differs",
        params: {
          debited: { amount: "50.5", currency: "RUB" },
          amount: { amount: "50.00", currency: "RUB" },
        },
      })
    })

    it("word a stored nested reason and a stored amount's own currency", () => {
      const text = messageText("inbox.amount_mismatch", {
        expected: "100.00",
        expected_currency: "643",
        received: "1.00",
        received_currency: "840",
      })
      const names = (c: string) => ({ "643": "RUB", "840": "USD" })[c] ?? c
      expect(
        plainMessage(
          "older words",
          { currencyName: names },
          storedMessage(text)
        )
      ).toEqual(plainMessage(text, { currencyName: names }))
      const nested = storedMessage(
        messageText("inbox.gave_up", {
          attempts: 5,
          reason: messageText("inbox.processing_failed", { detail: "boom" }),
        })
      )
      expect(plainMessage("older words", {}, nested)).toEqual({
        code: "inbox.gave_up",
        params: {
          attempts: "5",
          reason: {
            code: "inbox.processing_failed",
            params: { detail: "boom" },
          },
        },
      })
    })

    it("call a stored code this version no longer has other, and read rows from before the codes by their text", () => {
      expect(
        plainMessage("gone", {}, { code: "payout.retired", params: {} })
      ).toEqual({ code: "other", params: {} })
      expect(plainMessage(debited, {}, null)?.code).toBe(
        "payout.debited_differs"
      )
    })
  })
})
