import { renderToStaticMarkup } from "react-dom/server"
import type { PiastrixActions } from "../actions"
import {
  BankTransfer,
  CardForm,
  choiceOf,
  directionLabel,
  DirectionPicker,
  PaymentReturn,
  PiastrixCheckout,
  PlaceOrderButton,
  piastrixTexts,
  requisiteRows,
  resolveTexts,
  returnLink,
  returnMessage,
  type PiastrixTexts,
} from "../react"
import type { DirectionsAnswer, Quote } from "../types"
import { direction } from "./fixtures"

const never = () => new Promise<never>(() => {})
const actions: PiastrixActions = {
  quote: never,
  startPayment: never,
  cardForm: never,
  requisites: never,
  uploadReceipt: never,
  receiptStatus: never,
  sessionStatus: never,
  completeCart: never,
}

const answer: DirectionsAnswer = {
  cart_id: "cart_1",
  amount: "1250.50",
  currency_code: "rub",
  currency: 643,
  directions: {
    wallet: [direction({ payway: "piastrix_rub", kind: "wallet" })],
    redirect: [
      direction({
        payway: "card_rub",
        name: "Bank card",
        min_amount: "100.00",
      }),
      direction({ payway: "sbp_rub", name: "SBP", is_default: true }),
    ],
    card: [],
    bank_transfer: [],
  },
}

const quote: Quote = {
  cart_id: "cart_1",
  payway: "card_rub",
  kind: "card",
  amount: "1250.50",
  currency_code: "rub",
  currency: 643,
  payer_price: "1260.00",
  payer_fee: "9.50",
  exch_fee: null,
  ps_currency: 643,
  paymethod_name: null,
  add_ons_config: null,
}

/** The text a person reads (tags dropped, entities of the markup decoded). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim()

/** Every text replaced by a mark: what is left on screen was not taken from the texts. */
function marked(texts: unknown): unknown {
  if (typeof texts === "string") {
    return "§"
  }
  return Object.fromEntries(
    Object.entries(texts as object).map(([k, v]) => [
      k,
      k === "numberLocale" ? v : marked(v),
    ])
  )
}

/** Keys of a texts object, nested ones as `a.b`. */
const keysOf = (texts: object, prefix = ""): string[] =>
  Object.entries(texts).flatMap(([k, v]) =>
    typeof v === "object" ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]
  )

describe("storefront kit: React components", () => {
  it("lists every kind in a labelled group, kinds that cannot pay disabled with why", () => {
    const html = renderToStaticMarkup(
      <DirectionPicker
        directions={answer.directions}
        currencyCode="rub"
        value={{ kind: "redirect", payway: "sbp_rub" }}
        onChange={() => {}}
      />
    )
    expect(html).toMatch(/<fieldset[^>]*><legend>Payment method<\/legend>/)
    expect(html.match(/type="radio"/g)).toHaveLength(4)
    expect(html).toMatch(/disabled=""[^>]*value="card"/)
    expect(html).toMatch(/checked=""[^>]*value="redirect"/)
    expect(textOf(html)).toContain(
      "Bank transfer Not available for this order."
    )
    // The directions of the chosen kind, in a labelled select, limits in the payer's money.
    expect(html).toMatch(/<label[^>]*><span>Payment direction<\/span><select/)
    expect(textOf(html)).toContain("Bank card (from RUB 100.00)")
    // Each radio is described by its hint.
    expect(html).toMatch(/aria-describedby="[^"]+-wallet-hint"/)
  })

  it("chooses a kind's default direction, and none for a wallet with one (the session starts without data)", () => {
    expect(choiceOf(answer.directions, "redirect")).toEqual({
      kind: "redirect",
      payway: "sbp_rub",
    })
    expect(choiceOf(answer.directions, "wallet")).toEqual({
      kind: "wallet",
      payway: null,
    })
    const twoWallets = {
      wallet: [
        direction({ payway: "piastrix_rub", kind: "wallet" }),
        direction({ payway: "piastrix_usd", kind: "wallet" }),
      ],
    }
    expect(choiceOf(twoWallets, "wallet").payway).toBe("piastrix_rub")
  })

  it("speaks Russian, and takes any text the store gives", () => {
    const ru = renderToStaticMarkup(
      <DirectionPicker
        locale="ru"
        texts={{ kinds: { wallet: { title: "Кошелёк", hint: "Быстро" } } }}
        directions={answer.directions}
        currencyCode="rub"
        value={{ kind: "wallet", payway: "piastrix_rub" }}
        onChange={() => {}}
      />
    )
    expect(textOf(ru)).toContain("Способ оплаты")
    expect(textOf(ru)).toContain("Кошелёк Быстро")
    expect(textOf(ru)).toContain("Цену покажет Piastrix на своей странице.")
    // A direction by the name Russian payers know, not the service's English one; an unknown payway by the service's.
    const [card, sbp] = answer.directions.redirect!
    expect(directionLabel(card, resolveTexts("ru"), "rub")).toBe(
      "Банковская карта (от 100,00\u00a0₽)"
    )
    expect(
      directionLabel({ ...sbp, payway: "new_rub" }, resolveTexts("ru"), "rub")
    ).toBe("SBP")
  })

  it("has the same texts in English and Russian", () => {
    expect(keysOf(piastrixTexts.ru)).toEqual(keysOf(piastrixTexts.en))
  })

  it("shows no word that is not in its texts", () => {
    const texts = marked(piastrixTexts.en) as PiastrixTexts
    const screens = [
      <DirectionPicker
        key="picker"
        texts={texts}
        directions={answer.directions}
        currencyCode="rub"
        value={{ kind: "wallet", payway: null }}
        onChange={() => {}}
      />,
      <PlaceOrderButton
        key="button"
        texts={texts}
        choice={{ kind: "card", payway: "card_rub" }}
        actions={actions}
        quote={quote}
        onStarted={() => {}}
      />,
      <CardForm
        key="card"
        texts={texts}
        sessionId="payses_1"
        actions={actions}
      />,
      <BankTransfer
        key="bank"
        texts={texts}
        sessionId="payses_1"
        actions={actions}
        currencyCode="rub"
        onOrderPlaced={() => {}}
      />,
      <PaymentReturn
        key="return"
        texts={texts}
        sessionId="payses_1"
        actions={actions}
      />,
      <PiastrixCheckout
        key="checkout"
        texts={texts}
        directions={answer}
        actions={actions}
        onOrderPlaced={() => {}}
      />,
    ]
    for (const screen of screens) {
      // Amounts (digits, the currency's sign) are the only other things on screen.
      expect(textOf(renderToStaticMarkup(screen))).toMatch(
        /^[§\s()·.,0-9]*(RUB)?[§\s()·.,0-9]*$/
      )
    }
  })

  it("waits for the direction's price before it lets the payer pay, then shows it", () => {
    const render = (q: Quote | null) =>
      renderToStaticMarkup(
        <PlaceOrderButton
          choice={{ kind: "card", payway: "card_rub" }}
          actions={actions}
          quote={q}
          amount={{ amount: "1250.50", currency_code: "rub" }}
          onStarted={() => {}}
        />
      )
    // No amount while the price is awaited: not the cart's total, which the direction's fee changes.
    expect(render(null)).toMatch(
      /<button[^>]*disabled=""[^>]*>Enter card details</
    )
    // Another direction's price is not this one's.
    expect(render({ ...quote, payway: "sbp_rub" })).toMatch(
      /<button[^>]*disabled=""[^>]*>Enter card details</
    )
    const priced = render(quote)
    expect(priced).not.toMatch(/disabled/)
    expect(textOf(priced)).toContain("Enter card details · RUB 1,260.00")
  })

  it("shows the requisites in the payer's words, leaving empty ones out", () => {
    const en = resolveTexts("en")
    expect(
      requisiteRows(
        {
          amount: "1250.5",
          phone: "+79000000000",
          bank: "Sandbox Bank",
          card: null,
          expired: "1767225600",
        },
        en,
        "rub"
      )
    ).toEqual([
      ["Amount to transfer", "RUB\u00a01,250.50"],
      ["Phone", "+79000000000"],
      ["Bank", "Sandbox Bank"],
      ["Transfer before", new Date(1767225600_000).toLocaleString("en-US")],
    ])
    // The service's expiry has a fraction of a second.
    expect(requisiteRows({ expired: "1767225600.460000" }, en, "rub")).toEqual([
      ["Transfer before", new Date(1767225600_460).toLocaleString("en-US")],
    ])
    expect(
      requisiteRows({ amount: "10" }, resolveTexts("ru"), "rub")[0][0]
    ).toBe("Сумма перевода")
  })

  it("tells a failure and an expiry in the payer's words, never the server's reason for the store", () => {
    const t = resolveTexts("en")
    expect(
      returnMessage(
        {
          type: "failed",
          reason: "the service rejected the payment (status rejected)",
          state: "failed",
        },
        t
      )
    ).toEqual({
      title: "Your payment did not go through",
      text: "The payment did not go through. Nothing was charged. You can try again with another payment method.",
      tone: "error",
    })
    expect(
      returnMessage(
        { type: "failed", reason: "the service rejected it", state: "failed" },
        resolveTexts("ru")
      ).text
    ).not.toMatch(/service/)
    expect(
      returnMessage({ type: "failed", reason: null, state: "expired" }, t).text
    ).toMatch(/^The payment expired\. /)
    expect(returnMessage(null, t, true).text).toBe(t.returnCheckingFailedText)
  })

  it("leads on from a final step: another method after a failure, the store once nothing is left to do", () => {
    const hrefs = { retryHref: "/checkout", storeHref: "/" }
    const ru = resolveTexts("ru")
    expect(
      returnLink({ type: "paid_without_order" }, hrefs, resolveTexts("en"))
    ).toEqual({
      href: "/",
      text: "Back to the store",
      className: "piastrix-back",
    })
    expect(returnLink({ type: "not_found" }, hrefs, ru)?.text).toBe(
      "Вернуться в магазин"
    )
    expect(
      returnLink({ type: "failed", reason: null, state: "failed" }, hrefs, ru)
    ).toEqual({
      href: "/checkout",
      text: "Выбрать другой способ оплаты",
      className: "piastrix-retry",
    })
    // Still waiting: no way off the page yet; a page given no address shows no link.
    expect(returnLink(null, hrefs, ru)).toBeNull()
    expect(returnLink({ type: "paid_without_order" }, {}, ru)).toBeNull()
  })

  it("announces what is happening: status in a live region, the card form loading", () => {
    const page = renderToStaticMarkup(
      <PaymentReturn sessionId="payses_1" actions={actions} />
    )
    expect(page).toMatch(
      /<div aria-live="polite"><h2 tabindex="-1">Checking your payment…<\/h2>/
    )
    const card = renderToStaticMarkup(
      <CardForm sessionId="payses_1" actions={actions} />
    )
    expect(card).toBe(
      '<p class="piastrix-muted" aria-live="polite">Preparing the secure card form…</p>'
    )
  })
})
