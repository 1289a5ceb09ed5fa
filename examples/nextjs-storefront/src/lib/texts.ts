/**
 * The example's own words (its pages around the kit's components), in the kit's languages: the page
 * speaks one language, the payer's (src/lib/locale.ts). `{name}` marks a value, as in the kit's texts.
 */
export type StoreTexts = {
  /** Locale of amounts and country names (Intl). */
  numberLocale: string
  storeName: string
  storeDescription: string
  checkoutLink: string
  products: string
  currencies: string
  addToCart: string
  checkout: string
  cartEmpty: string
  chooseProduct: string
  yourOrder: string
  total: string
  addressStep: string
  email: string
  firstName: string
  lastName: string
  address: string
  city: string
  postalCode: string
  country: string
  updateAddress: string
  continueToDelivery: string
  deliveryStep: string
  nothingToDeliver: string
  changeDelivery: string
  continueToPayment: string
  paymentStep: string
  /** The sandbox's test card and codes, under the kit's card form. */
  cardNote: string
  yourPayment: string
  noPayment: string
  thankYou: string
  /** `{number}` (the order's number, bold), `{email}`. */
  orderPlaced: string
  payment: string
  /** Medusa's payment status of the order, in the payer's words. */
  paymentStatus: Record<string, string>
  backToStore: string
}

const en: StoreTexts = {
  numberLocale: "en-US",
  storeName: "Piastrix example store",
  storeDescription:
    "A Medusa storefront paying with Piastrix through medusa-payment-piastrix's storefront kit",
  checkoutLink: "Checkout",
  products: "Products",
  currencies: "Currency",
  addToCart: "Add to cart",
  checkout: "Checkout",
  cartEmpty: "Your cart is empty.",
  chooseProduct: "Choose a product",
  yourOrder: "Your order",
  total: "Total",
  addressStep: "1. Contact and address",
  email: "E-mail",
  firstName: "First name",
  lastName: "Last name",
  address: "Address",
  city: "City",
  postalCode: "Postal code",
  country: "Country",
  updateAddress: "Update address",
  continueToDelivery: "Continue to delivery",
  deliveryStep: "2. Delivery",
  nothingToDeliver: "Nothing to deliver: the order is digital.",
  changeDelivery: "Change delivery",
  continueToPayment: "Continue to payment",
  paymentStep: "3. Payment",
  cardNote:
    "Sandbox: any valid test card such as 4242 4242 4242 4242, a future expiry, any CVV; 3-D Secure code 123456 pays, any other code fails.",
  yourPayment: "Your payment",
  noPayment: "This address names no payment.",
  thankYou: "Thank you!",
  orderPlaced: "Your order {number} is placed, for {email}.",
  payment: "Payment",
  paymentStatus: {
    captured: "Paid",
    authorized: "Paid",
    // An order placed before it is paid is a bank transfer the payer said they sent: being confirmed.
    awaiting: "Being confirmed",
    not_paid: "Being confirmed",
  },
  backToStore: "Back to the store",
}

const ru: StoreTexts = {
  numberLocale: "ru-RU",
  storeName: "Пример магазина с Piastrix",
  storeDescription:
    "Витрина Medusa с оплатой через Piastrix на компонентах medusa-payment-piastrix",
  checkoutLink: "Оформление заказа",
  products: "Товары",
  currencies: "Валюта",
  addToCart: "В корзину",
  checkout: "Оформление заказа",
  cartEmpty: "Корзина пуста.",
  chooseProduct: "Выберите товар",
  yourOrder: "Ваш заказ",
  total: "Итого",
  addressStep: "1. Контакты и адрес",
  email: "Эл. почта",
  firstName: "Имя",
  lastName: "Фамилия",
  address: "Адрес",
  city: "Город",
  postalCode: "Индекс",
  country: "Страна",
  updateAddress: "Изменить адрес",
  continueToDelivery: "Перейти к доставке",
  deliveryStep: "2. Доставка",
  nothingToDeliver: "Доставлять нечего: заказ цифровой.",
  changeDelivery: "Изменить доставку",
  continueToPayment: "Перейти к оплате",
  paymentStep: "3. Оплата",
  cardNote:
    "Песочница: любая действительная тестовая карта, например 4242 4242 4242 4242, срок действия в будущем, любой CVV; код 3-D Secure 123456 оплачивает, любой другой отклоняет.",
  yourPayment: "Ваша оплата",
  noPayment: "По этой ссылке нет платежа.",
  thankYou: "Спасибо!",
  orderPlaced: "Заказ {number} оформлен на {email}.",
  payment: "Оплата",
  paymentStatus: {
    captured: "Оплачен",
    authorized: "Оплачен",
    awaiting: "Подтверждается",
    not_paid: "Подтверждается",
  },
  backToStore: "Вернуться в магазин",
}

/**
 * By the kit's locales (`PiastrixLocale`), spelled out rather than imported: the browser suite reads this table
 * from the repository, where the package's own name resolves only after a build. locale.ts indexes it with
 * the kit's type, so `next build` fails here if the kit gains a language this table lacks.
 */
export const storeTexts: Record<"en" | "ru", StoreTexts> = { en, ru }
