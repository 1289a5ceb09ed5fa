import { reviewText } from "./screen-review"

/** The screenshot review's rules on texts the pages show: what they must catch, and what they must let pass. */

const found = (text: string, language: "en" | "ru" = "en", names?: string[]) =>
  reviewText(text, language, { names }).map((f) => `${f.rule}: ${f.text}`)

describe("the screenshot review", () => {
  it("catches internal ids and error classes", () => {
    expect(
      found(
        "Payment session payses_01JXYZ was not found\nOrder order_01ABC, payout pxpo_01K, vendor pxrcp_9Z, pay_01QQ"
      )
    ).toEqual([
      "raw id: payses_01JXYZ",
      "raw id: order_01ABC",
      "raw id: pxpo_01K",
      "raw id: pxrcp_9Z",
      "raw id: pay_01QQ",
    ])
    expect(
      found(
        "Piastrix: PiastrixNetworkError: /shop_balance: network error ECONNREFUSED 127.0.0.1:9700"
      )
    ).toEqual([
      "error class: PiastrixNetworkError",
      "error class: ECONNREFUSED",
    ])
    expect(found("Error: something broke")).toEqual(["error class: Error:"])
    // A payway's code and the word "order" are not ids.
    expect(found("card_rub order #4 of the store")).toEqual([])
  })

  it("catches amounts without their currency or not in the page's format", () => {
    expect(found("Available 1000443.25")).toEqual([
      "unformatted amount: 1000443.25",
    ])
    expect(found("Share 135.00\nPaid RUB 10000.00")).toEqual([
      "unformatted amount: 135.00",
      "unformatted amount: 10000.00",
    ])
    expect(found("Выплата 250.00 ₽", "ru")).toEqual([
      "unformatted amount: 250.00",
    ])
    expect(found("Доля 135,00 за заказ", "ru")).toEqual([
      "unformatted amount: 135,00",
    ])
  })

  it("lets formatted amounts, dates, times, versions and percentages pass", () => {
    expect(
      found(
        "RUB 1,250.50 · Captured\nfee RUB 1.99, the payee gets RUB 398.01\n$60.00\n11/27/2026, 1:05:20 AM\nMedusa 2.21.2\nFee 1.5 % + RUB 30.00\n#1004\n0.5%"
      )
    ).toEqual([])
    expect(
      found(
        "1 003 257,72 ₽\n10 000,00 $\n100 000,00 грн.\n27.11.2026, 01:05:20\n1,5 % + 30,00 ₽\nВыплата 10,00 ₽\nПесочница (http://127.0.0.1:9700/pay)",
        "ru"
      )
    ).toEqual([])
  })

  it("catches English words on a Russian page, but not names, codes, addresses or currencies", () => {
    expect(found("Расчёт не получен: amount: 50 is more than", "ru")).toEqual([
      "English: amount",
      "English: is",
      "English: more",
      "English: than",
    ])
    expect(found("Дата mm/dd/yyyy", "ru")).toEqual([
      "English: mm",
      "English: dd",
      "English: yyyy",
    ])
    expect(
      found(
        "Кошелёк Piastrix piastrix_rub · RUB\nanna@example.com\nhttp://localhost:9000/hooks/piastrix\nКарта 41••••••••••1111\nID магазина (UTC), CSV",
        "ru"
      )
    ).toEqual([])
    expect(found("Банк Sandbox Bank", "ru", ["Sandbox Bank"])).toEqual([])
    expect(found("ЮMoney · PLN · KZT", "ru")).toEqual([])
    expect(
      found("1 × Gift card 5000, подтверждение 3-D Secure, CVV", "ru", [
        "Gift card 5000",
      ])
    ).toEqual([])
    expect(
      found("задайте backendUrl; заблокирована в medusa-config.ts", "ru")
    ).toEqual([])
    // An English page may say anything in English.
    expect(found("Payouts above this amount wait for approval")).toEqual([])
  })
})
