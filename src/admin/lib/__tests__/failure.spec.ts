import { FetchError } from "@medusajs/js-sdk"
import en from "../../i18n/json/en.json"
import ru from "../../i18n/json/ru.json"
import { failureOf, type FailureKey } from "../failure"

const answered = (status: number, message: string) =>
  new FetchError(message, "", status)

describe("failureOf", () => {
  it("names the plugin's own reason by its code, a 502's after the service's name: a timeout or a 5xx apart from a connection that failed", () => {
    expect(
      failureOf(
        answered(
          502,
          "Piastrix: PiastrixNetworkError: /shop_balance: network error ECONNREFUSED 127.0.0.1:9700"
        )
      )
    ).toEqual({
      message: { code: "service.unreachable", params: expect.any(Object) },
    })
    // Reached, and no answer in time: not "cannot be reached".
    expect(
      failureOf(
        answered(
          502,
          "Piastrix: PiastrixNetworkError: /transfer/try: timed out after 5000 ms (after 1 attempt)"
        )
      )
    ).toEqual({
      message: {
        code: "service.timed_out",
        params: {
          endpoint: "/transfer/try",
          detail: "after 5000 ms (after 1 attempt)",
        },
      },
    })
    expect(
      failureOf(
        answered(
          502,
          "Piastrix: PiastrixNetworkError: /shop_balance: HTTP 503 without an answer (after 3 attempts)"
        )
      )
    ).toMatchObject({ message: { code: "service.server_error" } })
    expect(
      [en, ru].map((words) => [
        words.messages.service.timed_out,
        words.messages.service.unreachable,
      ])
    ).toEqual([
      ["Piastrix did not answer in time.", "Piastrix cannot be reached."],
      ["Piastrix не ответил вовремя.", "Piastrix недоступен."],
    ])
    expect(
      failureOf(
        answered(400, "amount: 999999.00 is more than the payable 0.00"),
        { currency: "RUB" }
      )
    ).toEqual({
      message: {
        code: "payout.more_than_payable",
        params: {
          amount: { amount: "999999.00", currency: "RUB" },
          payable: { amount: "0.00", currency: "RUB" },
        },
      },
    })
  })

  it.each([
    [answered(502, "Piastrix: something new"), "service"],
    [
      answered(
        409,
        "id: the notification is being refunded or processed right now; try again in a minute"
      ),
      "busy",
    ],
    [answered(404, "Piastrix payout with id: pxpo_1 was not found"), "gone"],
    [
      answered(
        400,
        "id: the payout is pending; only needs_attention payouts can be retried"
      ),
      "refused",
    ],
    [new TypeError("Failed to fetch"), "unknown"],
    [answered(500, "An unknown error occurred."), "unknown"],
  ] as [unknown, FailureKey][])(
    "words a message it does not know by the answer's status (%s)",
    (error, key) => {
      expect(failureOf(error)).toEqual({ key })
    }
  )

  it("has a sentence in English and Russian for every failure it names", () => {
    const keys: FailureKey[] = ["service", "busy", "gone", "refused", "unknown"]
    for (const key of keys) {
      expect(typeof en.failures[key]).toBe("string")
      expect(typeof ru.failures[key]).toBe("string")
    }
  })
})
