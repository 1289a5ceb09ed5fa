// The page the payer lands on after paying (or not). It polls the cheap session-status route, never
// the cart completion in a loop (each failed completion uses up an order number), and shows the order
// once it exists: the callback creates it even when the payer never comes back.
;(function () {
  const { store, money, saved, el } = window.demo
  const $ = (id) => document.getElementById(id)
  const params = new URLSearchParams(location.search)
  const sessionId =
    params.get("session_id") || localStorage.getItem("demo.session_id")
  const cameBackFailed = params.has("failed")
  // Read once: showing the order forgets the saved cart, and the status names the order only to its cart.
  const cartId = saved.cartId
  const startedAt = Date.now()
  let completionTried = false
  let notFound = 0

  const PAYMENT_STATUS = {
    captured: "Paid",
    completed: "Paid",
    authorized: "Authorized",
    awaiting: "Awaiting your payment",
    not_paid: "Not paid",
    partially_refunded: "Partially refunded",
    refunded: "Refunded",
    canceled: "Canceled",
    requires_action: "Needs attention",
  }

  /**
   * The order's payment in the payer's words. A payer who said "I have sent the transfer" is not told to pay:
   * their transfer is on its way to the store.
   */
  function paymentStatus(status, kind) {
    if (kind === "bank_transfer" && ["awaiting", "not_paid"].includes(status)) {
      return "Transfer sent, being confirmed"
    }
    return PAYMENT_STATUS[status] || status
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
        text: "Back to the store",
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
    const paid = ["captured", "completed"].includes(order.payment_status)
    say(
      paid
        ? `Thank you! Order #${order.display_id} is paid.`
        : `Order #${order.display_id} is placed.`,
      paid
        ? `A confirmation goes to ${order.email}.`
        : kind === "bank_transfer"
          ? "We confirm your order as soon as your transfer arrives. You can close this page."
          : "We are waiting for Piastrix to confirm your payment.",
      paid ? "ok" : "muted"
    )
    $("order").replaceChildren(
      el(
        "dl",
        { class: "summary", "data-testid": "order-summary" },
        el("dt", { text: "Order" }),
        el("dd", {
          "data-testid": "order-number",
          text: `#${order.display_id}`,
        }),
        el("dt", { text: "Payment" }),
        el("dd", {
          "data-testid": "payment-status",
          text: paymentStatus(order.payment_status, kind),
        }),
        el("dt", { text: "Total" }),
        el("dd", { text: money(order.total, order.currency_code) }),
        el("dt", { text: "Items" }),
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
        text: "Continue shopping",
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
    const reason =
      state === "expired"
        ? "The payment expired."
        : "The payment did not go through."
    say(
      "Your payment did not go through",
      `${reason} Nothing was charged. You can try again with another payment method.`,
      "error"
    )
    actions(
      el("a", {
        class: "button primary",
        href: "index.html?retry=1",
        text: "Choose another payment method",
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
      say(
        "Your payment arrived",
        "Your cart changed while you were paying, so the order could not be placed as it was. The store has your payment and will contact you by e-mail to place your order or refund you. You can close this page.",
        "ok"
      )
      backToStore()
      return null
    }
    if (status.orderPlaced) {
      // Another browser, or the cart already forgotten: the order exists, but its details are the cart's to see.
      say("Your order is placed.", "A confirmation goes to your e-mail.", "ok")
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
    say(
      "Checking your payment…",
      cameBackFailed
        ? "Piastrix sent you back without a payment. We are checking with Piastrix…"
        : "We are waiting for Piastrix to confirm your payment. This page updates by itself."
    )
    return waited > 120000 ? 10000 : 2000
  }

  async function loop() {
    if (!sessionId) {
      say(
        "No payment to check",
        "This page needs a payment session. Start from the store.",
        "error"
      )
      backToStore()
      return
    }
    let next
    try {
      next = await tick()
      notFound = 0
    } catch (err) {
      // A payment the store does not know, asked about again and again, will not appear: say so and stop.
      notFound = err.status === 404 ? notFound + 1 : 0
      if (notFound >= 3) {
        say(
          "We cannot find this payment",
          "This store has no payment under this link. If you paid, the store sees it and will contact you by e-mail.",
          "error"
        )
        backToStore()
        return
      }
      say(
        "Checking your payment…",
        "The store did not answer just now; trying again.",
        "error"
      )
      next = 5000
    }
    if (next) {
      setTimeout(loop, next)
    }
  }

  loop()
})()
