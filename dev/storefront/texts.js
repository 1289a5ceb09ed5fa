// Every word the demo store shows, in English and Russian. The language comes from `?lang=ru` (kept for the
// next pages), or the browser's language; the header's switch changes it. Amounts and dates follow it.
;(function () {
  const TEXTS = {
    en: {
      locale: "en-US",
      title: "Piastrix demo store",
      returnTitle: "Your order · Piastrix demo store",
      shipTo: "Ship to",
      region: "Region",
      language: "Language",
      products: "Products",
      loadingProducts: "Loading products…",
      noProducts: "No products yet: run the seed (npm run dev does).",
      noPrice: "No price",
      addToCart: "Add to cart",
      added: "Added to your cart.",
      cart: "Your cart",
      cartEmpty: "Your cart is empty.",
      remove: "Remove",
      removeItem: "Remove {name}",
      total: "Total",
      pay: "Pay",
      email: "E-mail for the receipt",
      howToPay: "How would you like to pay?",
      loadingMethods: "Loading payment methods…",
      methodsUnavailable:
        "Payment methods are unavailable just now. Reload the page to try again.",
      notAvailable: "Not available for this cart.",
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
      direction: "Payment direction",
      from: "from {amount}",
      upTo: "up to {amount}",
      payAmount: "Pay {amount}",
      payNoPrice: "Pay",
      askingPrice: "Asking Piastrix for your price…",
      youPay: "You pay ",
      withFee: " (including a fee of {amount})",
      noFee: " (no fee)",
      directionRefused:
        "This direction cannot take this order. Choose another one.",
      noPriceNow:
        "Piastrix did not give a price just now. Try again, or choose another direction.",
      tryAgain: "Try again",
      starting: "Starting the payment…",
      noKey:
        "config.js has no publishable key: start the page with `npm run dev`.",
      sandboxNote:
        "Payments go to the local Piastrix sandbox ({url}). No real money moves.",
      retryNotice:
        "Your previous payment did not go through. Choose a payment method to try again.",
      finish: "Finish your payment",
      redirecting: "Taking you to Piastrix to pay…",
      preparingCard: "Preparing the secure card form…",
      cardNumber: "Card number",
      month: "Month",
      year: "Year",
      cvv: "CVV",
      cardHolder: "Name on the card",
      cardIntro:
        "Enter your card. Your bank may ask you to confirm the payment (3-D Secure).",
      cardSandbox:
        "Sandbox: any valid test card such as 4242 4242 4242 4242, a future expiry, any CVV; 3-D Secure code 123456 pays, any other code fails.",
      requisites: {
        amount: "Amount to transfer",
        suggested: "Suggested amount (speeds up processing)",
        card: "Card number",
        phone: "Phone",
        bank: "Bank",
        recipient: "Recipient",
        agreement: "Agreement",
        qr: "QR code data",
        before: "Transfer before",
      },
      assigning:
        "Piastrix is assigning the transfer details. This takes a few seconds…",
      transferIntro:
        "Transfer the amount below, then tell us you have sent it.",
      chooseReceipt: "Choose the receipt file first.",
      uploading: "Uploading…",
      receiptUploaded: "Receipt uploaded; Piastrix reviews it.",
      receiptRefused: "The receipt was not accepted. Try another file.",
      receiptLabel:
        "Transfer receipt (JPEG, PNG, WebP, HEIF or PDF, up to 10 MB)",
      uploadReceipt: "Upload receipt",
      sentTransfer: "I have sent the transfer",
      orderFailed:
        "The order could not be placed just now. Try again in a moment.",
      payOffline:
        "Pay by {method}. Your order is confirmed once Piastrix reports the payment.",
      noNextStep:
        "The payment started, but the store did not say how to continue it.",
      somethingFailed: "Something went wrong. Reload the page and try again.",
      storeUnreachable: "The store cannot be reached just now.",
      status: {
        captured: "Paid",
        completed: "Paid",
        authorized: "Authorized",
        awaiting: "Awaiting your payment",
        not_paid: "Not paid",
        partially_refunded: "Partially refunded",
        refunded: "Refunded",
        canceled: "Canceled",
        requires_action: "Needs attention",
      },
      transferSent: "Transfer sent, being confirmed",
      backToStore: "Back to the store",
      orderPaid: "Thank you! Order #{number} is paid.",
      orderPlaced: "Order #{number} is placed.",
      confirmationTo: "A confirmation goes to {email}.",
      awaitingTransfer:
        "We confirm your order as soon as your transfer arrives. You can close this page.",
      awaitingPiastrix: "We are waiting for Piastrix to confirm your payment.",
      order: "Order",
      payment: "Payment",
      items: "Items",
      continueShopping: "Continue shopping",
      expired: "The payment expired.",
      notThrough: "The payment did not go through.",
      failedTitle: "Your payment did not go through",
      failedText:
        "{reason} Nothing was charged. You can try again with another payment method.",
      chooseAnother: "Choose another payment method",
      arrivedTitle: "Your payment arrived",
      arrivedText:
        "Your cart changed while you were paying, so the order could not be placed as it was. The store has your payment and will contact you by e-mail to place your order or refund you. You can close this page.",
      placedTitle: "Your order is placed.",
      placedText: "A confirmation goes to your e-mail.",
      checking: "Checking your payment…",
      sentBack:
        "Piastrix sent you back without a payment. We are checking with Piastrix…",
      waiting:
        "We are waiting for Piastrix to confirm your payment. This page updates by itself.",
      noSessionTitle: "No payment to check",
      noSessionText: "This page needs a payment session. Start from the store.",
      notFoundTitle: "We cannot find this payment",
      notFoundText:
        "This store has no payment under this link. If you paid, the store sees it and will contact you by e-mail.",
      storeSilent: "The store did not answer just now; trying again.",
      // Directions by the names payers know (the service's own may carry the payway's code).
      payways: {
        piastrix: "Piastrix wallet",
        card: "Bank card",
        h2h_card: "Bank card",
        qiwi: "QIWI wallet",
        yamoney: "YooMoney",
        h2h_sbp: "Faster Payments (SBP)",
        h2h_bank: "Bank transfer",
        h2h_qr: "Payment by QR code",
        bank: "Bank transfer",
      },
    },
    ru: {
      locale: "ru-RU",
      title: "Демо-магазин Piastrix",
      returnTitle: "Ваш заказ · Демо-магазин Piastrix",
      shipTo: "Доставка",
      region: "Регион",
      language: "Язык",
      products: "Товары",
      loadingProducts: "Загружаем товары…",
      noProducts:
        "Товаров пока нет: запустите наполнение (его делает npm run dev).",
      noPrice: "Нет цены",
      addToCart: "В корзину",
      added: "Добавлено в корзину.",
      cart: "Корзина",
      cartEmpty: "Корзина пуста.",
      remove: "Убрать",
      removeItem: "Убрать {name}",
      total: "Итого",
      pay: "Оплата",
      email: "E-mail для чека",
      howToPay: "Как вы хотите оплатить?",
      loadingMethods: "Загружаем способы оплаты…",
      methodsUnavailable:
        "Способы оплаты сейчас недоступны. Обновите страницу, чтобы попробовать снова.",
      notAvailable: "Недоступно для этой корзины.",
      kinds: {
        wallet: {
          title: "Кошелёк Piastrix",
          hint: "Оплата с кошелька Piastrix на странице Piastrix.",
        },
        redirect: {
          title: "Карта или другой способ на странице Piastrix",
          hint: "Вы перейдёте на страницу оплаты и вернётесь сюда.",
        },
        card: {
          title: "Банковская карта на этой странице",
          hint: "Данные карты уходят прямо в Piastrix, минуя магазин.",
        },
        bank_transfer: {
          title: "Банковский перевод",
          hint: "Переведите сумму по реквизитам, которые мы покажем; заказ оформляется сразу.",
        },
      },
      direction: "Направление оплаты",
      from: "от {amount}",
      upTo: "до {amount}",
      payAmount: "Оплатить {amount}",
      payNoPrice: "Оплатить",
      askingPrice: "Узнаём у Piastrix вашу цену…",
      youPay: "Вы платите ",
      withFee: " (включая комиссию {amount})",
      noFee: " (без комиссии)",
      directionRefused:
        "Это направление не принимает такой заказ. Выберите другое.",
      noPriceNow:
        "Piastrix сейчас не назвал цену. Попробуйте ещё раз или выберите другое направление.",
      tryAgain: "Попробовать снова",
      starting: "Начинаем оплату…",
      noKey:
        "В config.js нет публичного ключа: откройте страницу через `npm run dev`.",
      sandboxNote:
        "Платежи идут в локальную песочницу Piastrix ({url}). Настоящие деньги не двигаются.",
      retryNotice:
        "Предыдущая оплата не прошла. Выберите способ оплаты, чтобы попробовать снова.",
      finish: "Завершите оплату",
      redirecting: "Переходим в Piastrix для оплаты…",
      preparingCard: "Готовим защищённую форму карты…",
      cardNumber: "Номер карты",
      month: "Месяц",
      year: "Год",
      cvv: "CVV",
      cardHolder: "Имя на карте",
      cardIntro:
        "Введите данные карты. Банк может попросить подтвердить оплату (3-D Secure).",
      cardSandbox:
        "Песочница: подойдёт любая тестовая карта, например 4242 4242 4242 4242, срок в будущем, любой CVV; код 3-D Secure 123456 оплачивает, любой другой — нет.",
      requisites: {
        amount: "Сумма перевода",
        suggested: "Рекомендуемая сумма (ускоряет обработку)",
        card: "Номер карты",
        phone: "Телефон",
        bank: "Банк",
        recipient: "Получатель",
        agreement: "Назначение",
        qr: "Данные QR-кода",
        before: "Перевести до",
      },
      assigning: "Piastrix подбирает реквизиты. Это займёт несколько секунд…",
      transferIntro:
        "Переведите сумму по реквизитам ниже и сообщите нам, что перевод отправлен.",
      chooseReceipt: "Сначала выберите файл квитанции.",
      uploading: "Загружаем…",
      receiptUploaded: "Квитанция загружена; Piastrix её проверит.",
      receiptRefused: "Квитанцию не приняли. Попробуйте другой файл.",
      receiptLabel:
        "Квитанция о переводе (JPEG, PNG, WebP, HEIF или PDF, до 10 МБ)",
      uploadReceipt: "Загрузить квитанцию",
      sentTransfer: "Я отправил перевод",
      orderFailed:
        "Заказ сейчас не удалось оформить. Попробуйте ещё раз через минуту.",
      payOffline:
        "Оплатите способом {method}. Заказ подтвердится, как только Piastrix сообщит об оплате.",
      noNextStep: "Оплата началась, но магазин не сообщил, как её продолжить.",
      somethingFailed:
        "Что-то пошло не так. Обновите страницу и попробуйте снова.",
      storeUnreachable: "Магазин сейчас недоступен.",
      status: {
        captured: "Оплачен",
        completed: "Оплачен",
        authorized: "Авторизован",
        awaiting: "Ждёт вашей оплаты",
        not_paid: "Не оплачен",
        partially_refunded: "Частично возвращён",
        refunded: "Возвращён",
        canceled: "Отменён",
        requires_action: "Требует внимания",
      },
      transferSent: "Перевод отправлен, ждёт подтверждения",
      backToStore: "Вернуться в магазин",
      orderPaid: "Спасибо! Заказ #{number} оплачен.",
      orderPlaced: "Заказ #{number} оформлен.",
      confirmationTo: "Подтверждение придёт на {email}.",
      awaitingTransfer:
        "Мы подтвердим заказ, как только придёт ваш перевод. Эту страницу можно закрыть.",
      awaitingPiastrix: "Ждём, когда Piastrix подтвердит вашу оплату.",
      order: "Заказ",
      payment: "Оплата",
      items: "Товары",
      continueShopping: "Продолжить покупки",
      expired: "Срок оплаты истёк.",
      notThrough: "Оплата не прошла.",
      failedTitle: "Оплата не прошла",
      failedText:
        "{reason} Деньги не списаны. Можно попробовать снова другим способом оплаты.",
      chooseAnother: "Выбрать другой способ оплаты",
      arrivedTitle: "Ваша оплата получена",
      arrivedText:
        "Пока вы платили, корзина изменилась, поэтому заказ не удалось оформить в прежнем виде. Оплата у магазина: он свяжется с вами по e-mail, чтобы оформить заказ или вернуть деньги. Эту страницу можно закрыть.",
      placedTitle: "Ваш заказ оформлен.",
      placedText: "Подтверждение придёт на ваш e-mail.",
      checking: "Проверяем оплату…",
      sentBack: "Piastrix вернул вас без оплаты. Уточняем у Piastrix…",
      waiting:
        "Ждём, когда Piastrix подтвердит оплату. Страница обновится сама.",
      noSessionTitle: "Нечего проверять",
      noSessionText:
        "Этой странице нужна платёжная сессия. Начните с магазина.",
      notFoundTitle: "Мы не нашли этот платёж",
      notFoundText:
        "У магазина нет платежа по этой ссылке. Если вы заплатили, магазин это видит и свяжется с вами по e-mail.",
      storeSilent: "Магазин сейчас не ответил; пробуем снова.",
      payways: {
        piastrix: "Кошелёк Piastrix",
        card: "Банковская карта",
        h2h_card: "Банковская карта",
        qiwi: "Кошелёк QIWI",
        yamoney: "ЮMoney",
        h2h_sbp: "Система быстрых платежей (СБП)",
        h2h_bank: "Банковский перевод",
        h2h_qr: "Оплата по QR-коду",
        bank: "Банковский перевод",
      },
    },
  }

  const asked = new URLSearchParams(location.search).get("lang")
  if (asked && TEXTS[asked]) {
    localStorage.setItem("demo.lang", asked)
  }
  const lang =
    [localStorage.getItem("demo.lang"), navigator.language?.slice(0, 2)].find(
      (l) => l && TEXTS[l]
    ) || "en"
  const texts = TEXTS[lang]

  /** The text at `path` ("kinds.card.title"), its `{name}`s filled from `params`. */
  function t(path, params = {}) {
    const value = path
      .split(".")
      .reduce((node, key) => (node == null ? node : node[key]), texts)
    const text = typeof value === "string" ? value : path
    return text.replace(/\{(\w+)\}/g, (whole, name) =>
      name in params ? String(params[name]) : whole
    )
  }

  /** A direction's name: the payer's language's name of its payway, or the service's own. */
  function paywayName(payway, serviceName) {
    const stem = String(payway || "").replace(/_[a-z]{3}$/, "")
    return texts.payways[stem] || serviceName || payway
  }

  /** Static texts of the page (`data-t="key"`), its title and language, and the language switch. */
  function translatePage() {
    document.documentElement.lang = lang
    for (const node of document.querySelectorAll("[data-t]")) {
      node.textContent = t(node.dataset.t)
    }
    for (const node of document.querySelectorAll("[data-t-label]")) {
      node.setAttribute("aria-label", t(node.dataset.tLabel))
    }
    for (const node of document.querySelectorAll("[data-t-title]")) {
      document.title = t(node.dataset.tTitle)
    }
    const other = lang === "ru" ? "en" : "ru"
    const link = document.getElementById("language")
    if (link) {
      link.textContent = other === "ru" ? "Русский" : "English"
      // The same page (a return page keeps its session) in the other language.
      const url = new URL(location.href)
      url.searchParams.set("lang", other)
      link.href = `${url.pathname.split("/").pop() || "index.html"}${url.search}`
      link.setAttribute("hreflang", other)
      // The other language's name, in that language.
      link.setAttribute("lang", other)
      link.setAttribute("aria-label", t("language"))
    }
  }

  window.demoTexts = {
    lang,
    locale: texts.locale,
    t,
    paywayName,
    translatePage,
  }
})()
