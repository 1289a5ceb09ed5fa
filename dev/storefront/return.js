// The page the payer lands on after paying (or not). It polls the cheap session-status route, never
// the cart completion in a loop (each failed completion uses up an order number), and shows the order
// once it exists: the callback creates it even when the payer never comes back.
;(function () {
  const { store, money, saved, el } = window.demo
  const { t, translatePage } = window.demoTexts
  translatePage()
  const $ = (id) => document.getElementById(id)
  const params = new URLSearchParams(location.search)
  const sessionId =
    params.get("session_id") || localStorage.getItem("demo.session_id")
  const cameBackFailed = params.has("failed")
  // Read once: showing the order forgets the saved cart, and the status names the order only to its cart.
  const cartId = saved.cartId
  const startedAt = Date.now()
  // How often the page asks while the payment is on its way (slower after two minutes). The page says so on
  // <body data-poll-ms>, and `data-polling="stopped"` once it asks no more: a test waits on these.
  const POLL_MS = 2000
  const SLOW_POLL_MS = 10000
  document.body.dataset.pollMs = String(POLL_MS)
  document.body.dataset.polling = "on"
  let completionTried = false
  let notFound = 0

  /**
   * The order's payment in the payer's words. A payer who said "I have sent the transfer" is not told to pay:
   * their transfer is on its way to the store.
   */
  function paymentStatus(status, kind) {
    if (kind === "bank_transfer" && ["awaiting", "not_paid"].includes(status)) {
      return t("transferSent")
    }
    // A Piastrix payment is authorized only once paid; its capture follows the order by a moment.
    return t(`status.${status === "authorized" ? "captured" : status}`)
  }

  function say(title, text, kind = "muted") {
    $("result-title").textContent = title
    $("result-text").textContent = text
    $("result-text").className = kind
  }

  function actions(...children) {
    $("actions").replaceChildren(...children)
  }

  function backToStore() {
    actions(
      el("a", {
        class: "button",
        href: "index.html",
        text: t("backToStore"),
      })
    )
  }

  /** The status route's answer, read the same way whatever nesting it uses. */
  function read(status) {
    const data = status.data || status.session?.data || {}
    return {
      state: status.state ?? data.state ?? null,
      failure: status.failure ?? data.failure ?? null,
      orderId: status.order_id ?? status.order?.id ?? null,
      orderPlaced: status.order_placed ?? false,
      kind: status.kind ?? data.kind ?? null,
    }
  }

  async function showOrder(orderId, kind) {
    const { order } = await store.order(orderId)
    const paid = ["captured", "completed", "authorized"].includes(
      order.payment_status
    )
    say(
      t(paid ? "orderPaid" : "orderPlaced", { number: order.display_id }),
      paid
        ? t("confirmationTo", { email: order.email })
        : kind === "bank_transfer"
          ? t("awaitingTransfer")
          : t("awaitingPiastrix"),
      paid ? "ok" : "muted"
    )
    $("order").replaceChildren(
      el(
        "dl",
        { class: "summary", "data-testid": "order-summary" },
        el("dt", { text: t("order") }),
        el("dd", {
          "data-testid": "order-number",
          text: `#${order.display_id}`,
        }),
        el("dt", { text: t("payment") }),
        el("dd", {
          "data-testid": "payment-status",
          text: paymentStatus(order.payment_status, kind),
        }),
        el("dt", { text: t("total") }),
        el("dd", { text: money(order.total, order.currency_code) }),
        el("dt", { text: t("items") }),
        el("dd", {
          text: (order.items || [])
            .map((i) => `${i.quantity} × ${i.product_title || i.title}`)
            .join(", "),
        })
      )
    )
    actions(
      el("a", {
        class: "button",
        href: "index.html",
        text: t("continueShopping"),
      })
    )
    saved.cartId = null
    return paid || kind === "bank_transfer"
      ? paid
        ? "done"
        : "awaiting"
      : "waiting"
  }

  function showFailure(state) {
    // The payer's words: the server's reason ("the service rejected the payment (status rejected)") is for the store.
    const reason = state === "expired" ? t("expired") : t("notThrough")
    say(t("failedTitle"), t("failedText", { reason }), "error")
    actions(
      el("a", {
        class: "button primary",
        href: "index.html?retry=1",
        text: t("chooseAnother"),
      })
    )
  }

  async function tick() {
    const status = read(await store.sessionStatus(sessionId, cartId))
    if (status.orderId) {
      const outcome = await showOrder(status.orderId, status.kind)
      // An awaiting order (bank transfer) becomes paid later: keep watching, slowly.
      return outcome === "done" ? null : 5000
    }
    if (status.state === "paid_without_order") {
      // Paid for a cart that changed while paying: the store has the money and a person takes it from here.
      say(t("arrivedTitle"), t("arrivedText"), "ok")
      backToStore()
      return null
    }
    if (status.orderPlaced) {
      // Another browser, or the cart already forgotten: the order exists, but its details are the cart's to see.
      say(t("placedTitle"), t("placedText"), "ok")
      return null
    }
    if (
      ["failed", "expired", "canceled", "amount_mismatch"].includes(
        status.state
      )
    ) {
      showFailure(status.state)
      return null
    }
    const waited = Date.now() - startedAt
    if (cameBackFailed && waited > 10000) {
      showFailure(status.state)
      return 5000
    }
    // Paid at Piastrix but no order yet (no callback reached this store): complete the cart once.
    if (
      !cameBackFailed &&
      !completionTried &&
      cartId &&
      (status.state === "paid" || waited > 8000)
    ) {
      completionTried = true
      await store.complete(cartId).catch(() => null)
      return 500
    }
    say(t("checking"), cameBackFailed ? t("sentBack") : t("waiting"))
    return waited > 120000 ? SLOW_POLL_MS : POLL_MS
  }

  async function loop() {
    const next = await step()
    if (next) {
      setTimeout(loop, next)
    } else {
      document.body.dataset.polling = "stopped"
    }
  }

  /** One look at the payment; returns when to look again, or nothing once the page has its answer. */
  async function step() {
    if (!sessionId) {
      say(t("noSessionTitle"), t("noSessionText"), "error")
      backToStore()
      return null
    }
    let next
    try {
      next = await tick()
      notFound = 0
    } catch (err) {
      // A payment the store does not know, asked about again and again, will not appear: say so and stop.
      notFound = err.status === 404 ? notFound + 1 : 0
      if (notFound >= 3) {
        say(t("notFoundTitle"), t("notFoundText"), "error")
        backToStore()
        return null
      }
      say(t("checking"), t("storeSilent"), "error")
      next = 5000
    }
    return next
  }

  loop()
})()
