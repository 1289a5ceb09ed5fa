import type { PaymentKind } from "../types"

/**
 * Every word the components show, in English and Russian. Override any of them with the `texts` prop
 * (`{ ...piastrixTexts.en, payButton: "..." }`, or just the keys to change). `{name}` marks a value.
 * Plain strings only, so a server component can pass them to the client components. Over 300 lines:
 * every word in both languages, one per line, so an override and a translation are checked in one place.
 */
export type PiastrixTexts = {
  /** Locale of amounts and dates (Intl). */
  numberLocale: string
  methodLegend: string
  kinds: Record<PaymentKind, { title: string; hint: string }>
  unavailable: string
  noMethods: string
  directionLabel: string
  /**
   * Directions by the names payers know, per payway less its currency (`card` for `card_rub`); a payway
   * not listed shows the service's own name, which is English.
   */
  payways: Record<string, string>
  /** `{name}`, `{payway}`; limits appended from `limitFrom` / `limitUpTo`. */
  directionOption: string
  limitFrom: string
  limitUpTo: string
  quoteLoading: string
  quotePrice: string
  quoteFee: string
  quoteNoFee: string
  quoteWallet: string
  quoteRefused: string
  quoteFailed: string
  tryAgain: string
  payButton: Record<PaymentKind, string>
  payButtonPrice: string
  starting: string
  startFailed: string
  redirecting: string
  cardIntro: string
  cardLoading: string
  cardFailed: string
  cardNumber: string
  expiryMonth: string
  expiryYear: string
  cvv: string
  cardHolder: string
  cardPay: string
  bankWaiting: string
  bankFailed: string
  bankIntro: string
  requisites: {
    amount: string
    suggested_amount: string
    card: string
    phone: string
    bank: string
    card_holder_name: string
    qr_caption: string
    qr_data: string
    expired: string
  }
  receiptLabel: string
  receiptUpload: string
  receiptChoose: string
  receiptUploading: string
  receiptUploaded: string
  /** What Piastrix made of the receipt, by its status; another status shows `receiptUploaded`. */
  receiptStatus: { pending: string; succeeded: string; rejected: string }
  receiptRefused: string
  transferSent: string
  placingOrder: string
  orderFailed: string
  offlineIntro: string
  returnChecking: string
  returnCheckingText: string
  returnCheckingFailedText: string
  returnPaidTitle: string
  returnPlacedTitle: string
  returnPaidText: string
  returnAwaitingText: string
  returnPaidWithoutOrderTitle: string
  returnPaidWithoutOrderText: string
  returnFailedTitle: string
  returnFailedText: string
  returnFailedDefault: string
  returnExpired: string
  returnNotFoundTitle: string
  returnNotFoundText: string
  returnRetry: string
  returnBackToStore: string
}

const en: PiastrixTexts = {
  numberLocale: "en-US",
  methodLegend: "Payment method",
  kinds: {
    wallet: {
      title: "Piastrix wallet",
      hint: "Pay from your Piastrix wallet on Piastrix's page.",
    },
    redirect: {
      title: "Card or another method, on Piastrix's page",
      hint: "You go to the payment page and come back here.",
    },
    card: {
      title: "Bank card, on this page",
      hint: "Your card details go straight to Piastrix, never through this store.",
    },
    bank_transfer: {
      title: "Bank transfer",
      hint: "Transfer the amount to the details we show you; your order is placed right away.",
    },
  },
  unavailable: "Not available for this order.",
  noMethods: "No Piastrix payment method can pay this order.",
  directionLabel: "Payment direction",
  payways: {
    piastrix: "Piastrix wallet",
    card: "Bank card",
    h2h_card: "Bank card",
    qiwi: "QIWI wallet",
    yamoney: "YooMoney",
    sbp: "Faster Payments (SBP)",
    h2h_sbp: "Faster Payments (SBP)",
    h2h_bank: "Bank transfer",
    h2h_qr: "Payment by QR code",
    bank: "Bank transfer",
  },
  directionOption: "{name}",
  limitFrom: "from {amount}",
  limitUpTo: "up to {amount}",
  quoteLoading: "Asking Piastrix for your price…",
  quotePrice: "You pay {amount}",
  quoteFee: "including a fee of {fee}",
  quoteNoFee: "no fee",
  quoteWallet: "Piastrix shows the price on its page.",
  quoteRefused: "This direction cannot take this order. Choose another one.",
  quoteFailed:
    "Piastrix did not give a price just now. Try again, or choose another direction.",
  tryAgain: "Try again",
  payButton: {
    wallet: "Pay with Piastrix wallet",
    redirect: "Continue to payment",
    card: "Enter card details",
    bank_transfer: "Get transfer details",
  },
  payButtonPrice: "{label} · {amount}",
  starting: "Starting the payment…",
  startFailed: "The payment could not be started.",
  redirecting: "Taking you to Piastrix to pay…",
  cardIntro:
    "Enter your card. Your bank may ask you to confirm the payment (3-D Secure).",
  cardLoading: "Preparing the secure card form…",
  cardFailed: "The card form could not be opened.",
  cardNumber: "Card number",
  expiryMonth: "Month",
  expiryYear: "Year",
  cvv: "CVV",
  cardHolder: "Name on the card",
  cardPay: "Pay {amount}",
  bankWaiting:
    "Piastrix is assigning the transfer details. This takes a few seconds…",
  bankFailed: "The transfer details could not be loaded.",
  bankIntro: "Transfer the amount below, then tell us you have sent it.",
  requisites: {
    amount: "Amount to transfer",
    suggested_amount: "Suggested amount (speeds up processing)",
    card: "Card number",
    phone: "Phone",
    bank: "Bank",
    card_holder_name: "Recipient",
    qr_caption: "Agreement",
    qr_data: "QR code data",
    expired: "Transfer before",
  },
  receiptLabel: "Transfer receipt (JPEG, PNG, WebP, HEIF or PDF, up to 10 MB)",
  receiptUpload: "Upload receipt",
  receiptChoose: "Choose the receipt file first.",
  receiptUploading: "Uploading…",
  receiptUploaded: "Receipt uploaded.",
  receiptStatus: {
    pending: "Receipt uploaded; Piastrix reviews it.",
    succeeded: "Receipt uploaded; Piastrix accepted it.",
    rejected: "Piastrix did not accept this receipt. Upload another one.",
  },
  receiptRefused: "The receipt was not accepted.",
  transferSent: "I have sent the transfer",
  placingOrder: "Placing your order…",
  orderFailed: "The order could not be placed.",
  offlineIntro:
    "Pay by {method}. Your order is confirmed once Piastrix reports the payment.",
  returnChecking: "Checking your payment…",
  returnCheckingText:
    "We are waiting for Piastrix to confirm your payment. This page updates by itself.",
  returnCheckingFailedText:
    "Piastrix sent you back without a payment. We are checking with Piastrix…",
  returnPaidTitle: "Thank you! Your order is paid.",
  returnPlacedTitle: "Your order is placed.",
  returnPaidText: "A confirmation goes to your e-mail.",
  returnAwaitingText:
    "We confirm your order as soon as your payment arrives. You can close this page.",
  returnPaidWithoutOrderTitle: "Your payment arrived",
  returnPaidWithoutOrderText:
    "Your cart changed while you were paying, so the order could not be placed as it was. The store has your payment and will contact you by e-mail to place your order or refund you. You can close this page.",
  returnFailedTitle: "Your payment did not go through",
  returnFailedText:
    "{reason} Nothing was charged. You can try again with another payment method.",
  returnFailedDefault: "The payment did not go through.",
  returnExpired: "The payment expired.",
  returnNotFoundTitle: "We cannot find this payment",
  returnNotFoundText:
    "This store has no payment under this link. If you paid, the store sees it and will contact you by e-mail.",
  returnRetry: "Choose another payment method",
  returnBackToStore: "Back to the store",
}

const ru: PiastrixTexts = {
  numberLocale: "ru-RU",
  methodLegend: "Способ оплаты",
  kinds: {
    wallet: {
      title: "Кошелёк Piastrix",
      hint: "Оплата из кошелька Piastrix на странице Piastrix.",
    },
    redirect: {
      title: "Карта или другой способ, на странице Piastrix",
      hint: "Вы перейдёте на страницу оплаты и вернётесь сюда.",
    },
    card: {
      title: "Банковская карта, на этой странице",
      hint: "Данные карты уходят прямо в Piastrix, минуя этот магазин.",
    },
    bank_transfer: {
      title: "Банковский перевод",
      hint: "Переведите сумму по реквизитам, которые мы покажем; заказ оформляется сразу.",
    },
  },
  unavailable: "Недоступно для этого заказа.",
  noMethods: "Этот заказ нельзя оплатить через Piastrix.",
  directionLabel: "Направление оплаты",
  payways: {
    piastrix: "Кошелёк Piastrix",
    card: "Банковская карта",
    h2h_card: "Банковская карта",
    qiwi: "Кошелёк QIWI",
    yamoney: "ЮMoney",
    sbp: "Система быстрых платежей (СБП)",
    h2h_sbp: "Система быстрых платежей (СБП)",
    h2h_bank: "Банковский перевод",
    h2h_qr: "Оплата по QR-коду",
    bank: "Банковский перевод",
  },
  directionOption: "{name}",
  limitFrom: "от {amount}",
  limitUpTo: "до {amount}",
  quoteLoading: "Узнаём у Piastrix вашу цену…",
  quotePrice: "К оплате {amount}",
  quoteFee: "включая комиссию {fee}",
  quoteNoFee: "без комиссии",
  quoteWallet: "Цену покажет Piastrix на своей странице.",
  quoteRefused: "Это направление не принимает такой заказ. Выберите другое.",
  quoteFailed:
    "Piastrix сейчас не назвал цену. Попробуйте ещё раз или выберите другое направление.",
  tryAgain: "Попробовать ещё раз",
  payButton: {
    wallet: "Оплатить кошельком Piastrix",
    redirect: "Перейти к оплате",
    card: "Ввести данные карты",
    bank_transfer: "Получить реквизиты",
  },
  payButtonPrice: "{label} · {amount}",
  starting: "Начинаем оплату…",
  startFailed: "Не удалось начать оплату.",
  redirecting: "Переходим в Piastrix для оплаты…",
  cardIntro:
    "Введите данные карты. Банк может попросить подтвердить платёж (3-D Secure).",
  cardLoading: "Готовим защищённую форму карты…",
  cardFailed: "Не удалось открыть форму карты.",
  cardNumber: "Номер карты",
  expiryMonth: "Месяц",
  expiryYear: "Год",
  cvv: "CVV",
  cardHolder: "Имя на карте",
  cardPay: "Оплатить {amount}",
  bankWaiting: "Piastrix назначает реквизиты. Это займёт несколько секунд…",
  bankFailed: "Не удалось загрузить реквизиты.",
  bankIntro:
    "Переведите сумму по реквизитам ниже, затем сообщите, что перевели.",
  requisites: {
    amount: "Сумма перевода",
    suggested_amount: "Рекомендуемая сумма (ускоряет зачисление)",
    card: "Номер карты",
    phone: "Телефон",
    bank: "Банк",
    card_holder_name: "Получатель",
    qr_caption: "Договор",
    qr_data: "Данные QR-кода",
    expired: "Перевести до",
  },
  receiptLabel: "Чек о переводе (JPEG, PNG, WebP, HEIF или PDF, до 10 МБ)",
  receiptUpload: "Загрузить чек",
  receiptChoose: "Сначала выберите файл чека.",
  receiptUploading: "Загружаем…",
  receiptUploaded: "Чек загружен.",
  receiptStatus: {
    pending: "Чек загружен; Piastrix его проверит.",
    succeeded: "Чек загружен; Piastrix его принял.",
    rejected: "Piastrix не принял этот чек. Загрузите другой.",
  },
  receiptRefused: "Чек не принят.",
  transferSent: "Я перевёл(а) деньги",
  placingOrder: "Оформляем заказ…",
  orderFailed: "Не удалось оформить заказ.",
  offlineIntro:
    "Оплата способом {method}. Заказ подтвердится, когда Piastrix сообщит об оплате.",
  returnChecking: "Проверяем оплату…",
  returnCheckingText:
    "Ждём подтверждения оплаты от Piastrix. Страница обновится сама.",
  returnCheckingFailedText:
    "Piastrix вернул вас без оплаты. Уточняем у Piastrix…",
  returnPaidTitle: "Спасибо! Заказ оплачен.",
  returnPlacedTitle: "Заказ оформлен.",
  returnPaidText: "Подтверждение придёт на вашу почту.",
  returnAwaitingText:
    "Мы подтвердим заказ, как только поступит оплата. Страницу можно закрыть.",
  returnPaidWithoutOrderTitle: "Оплата поступила",
  returnPaidWithoutOrderText:
    "Корзина изменилась во время оплаты, поэтому заказ не удалось оформить как есть. Магазин получил оплату и свяжется с вами по почте, чтобы оформить заказ или вернуть деньги. Страницу можно закрыть.",
  returnFailedTitle: "Оплата не прошла",
  returnFailedText:
    "{reason} Деньги не списаны. Можно попробовать другой способ оплаты.",
  returnFailedDefault: "Оплата не прошла.",
  returnExpired: "Срок оплаты истёк.",
  returnNotFoundTitle: "Платёж не найден",
  returnNotFoundText:
    "В этом магазине нет платежа по этой ссылке. Если вы оплатили, магазин это увидит и свяжется с вами по почте.",
  returnRetry: "Выбрать другой способ оплаты",
  returnBackToStore: "Вернуться в магазин",
}

export const piastrixTexts = { en, ru }

export type PiastrixLocale = keyof typeof piastrixTexts

/** The texts of `locale` with `overrides` on top (nested `kinds`, `payButton`, `payways`, `requisites`, `receiptStatus` merged per key). */
export type TextOverrides = Partial<
  Omit<
    PiastrixTexts,
    "kinds" | "payButton" | "payways" | "requisites" | "receiptStatus"
  >
> & {
  kinds?: Partial<PiastrixTexts["kinds"]>
  payButton?: Partial<PiastrixTexts["payButton"]>
  payways?: Partial<PiastrixTexts["payways"]>
  requisites?: Partial<PiastrixTexts["requisites"]>
  receiptStatus?: Partial<PiastrixTexts["receiptStatus"]>
}

export function resolveTexts(
  locale: PiastrixLocale = "en",
  overrides: TextOverrides = {}
): PiastrixTexts {
  const base = piastrixTexts[locale] ?? en
  return {
    ...base,
    ...overrides,
    kinds: { ...base.kinds, ...overrides.kinds },
    payButton: { ...base.payButton, ...overrides.payButton },
    payways: { ...base.payways, ...overrides.payways } as Record<
      string,
      string
    >,
    requisites: { ...base.requisites, ...overrides.requisites },
    receiptStatus: { ...base.receiptStatus, ...overrides.receiptStatus },
  }
}

/** `fill("Pay {amount}", { amount: "₽10" })`; a missing value leaves the mark out. */
export function fill(
  template: string,
  values: Record<string, string | null | undefined>
): string {
  return template
    .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "")
    .trim()
}

/** An amount (decimal string, never a float) in the payer's locale; Intl reads the string exactly. */
export function formatMoney(
  amount: string | null | undefined,
  currencyCode: string | null | undefined,
  numberLocale: string
): string {
  if (amount === null || amount === undefined || amount === "") {
    return ""
  }
  const currency = String(currencyCode ?? "").toUpperCase()
  try {
    return new Intl.NumberFormat(numberLocale, {
      style: "currency",
      currency,
    }).format(amount as unknown as number)
  } catch {
    return `${amount} ${currency}`.trim()
  }
}
