// The store API as the demo page uses it: plain fetch with the publishable key. A real storefront
// would use @medusajs/js-sdk (docs/storefront.md); this page stays free of any build step.
;(function () {
  const config = window.DEMO_CONFIG || {}

  class StoreError extends Error {
    constructor(status, body) {
      super(
        (body && (body.message || body.error)) || `The store answered ${status}`
      )
      this.status = status
      this.body = body
    }
  }

  async function request(path, { method = "GET", body, form } = {}) {
    const headers = { "x-publishable-api-key": config.publishableKey }
    let payload
    if (form) {
      payload = form
    } else if (body !== undefined) {
      headers["content-type"] = "application/json"
      payload = JSON.stringify(body)
    }
    let res
    try {
      res = await fetch(`${config.medusaUrl}${path}`, {
        method,
        headers,
        body: payload,
      })
    } catch (err) {
      throw new StoreError(0, {
        message: `The store at ${config.medusaUrl} cannot be reached`,
      })
    }
    const text = await res.text()
    let data = null
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      data = { message: text }
    }
    if (!res.ok) {
      throw new StoreError(res.status, data)
    }
    return data
  }

  const PROVIDERS = {
    wallet: "pp_piastrix-wallet_piastrix",
    redirect: "pp_piastrix_piastrix",
    card: "pp_piastrix-card_piastrix",
    bank_transfer: "pp_piastrix-bank-transfer_piastrix",
  }

  const store = {
    config,
    StoreError,
    PROVIDERS,
    regions: () => request("/store/regions"),
    products: (regionId) =>
      request(
        `/store/products?region_id=${encodeURIComponent(regionId)}&fields=${encodeURIComponent(
          "id,title,handle,description,*variants.calculated_price"
        )}`
      ),
    createCart: (regionId, email) =>
      request("/store/carts", {
        method: "POST",
        body: { region_id: regionId, email },
      }),
    cart: (id) => request(`/store/carts/${id}`),
    updateCart: (id, update) =>
      request(`/store/carts/${id}`, { method: "POST", body: update }),
    addItem: (id, variantId, quantity = 1) =>
      request(`/store/carts/${id}/line-items`, {
        method: "POST",
        body: { variant_id: variantId, quantity },
      }),
    removeItem: (id, lineId) =>
      request(`/store/carts/${id}/line-items/${lineId}`, { method: "DELETE" }),
    shippingOptions: (cartId) =>
      request(`/store/shipping-options?cart_id=${encodeURIComponent(cartId)}`),
    addShippingMethod: (cartId, optionId) =>
      request(`/store/carts/${cartId}/shipping-methods`, {
        method: "POST",
        body: { option_id: optionId },
      }),
    complete: (id) =>
      request(`/store/carts/${id}/complete`, { method: "POST" }),
    order: (id) =>
      request(
        `/store/orders/${id}?fields=${encodeURIComponent(
          "id,display_id,email,status,payment_status,total,currency_code,*items"
        )}`
      ),
    /** A session of `provider_id` for the cart; replaces any earlier session (Medusa keeps one). */
    async startSession(cartId, kind, data) {
      const { payment_collection: pc } = await request(
        "/store/payment-collections",
        {
          method: "POST",
          body: { cart_id: cartId },
        }
      )
      const res = await request(
        `/store/payment-collections/${pc.id}/payment-sessions`,
        {
          method: "POST",
          body: { provider_id: PROVIDERS[kind], data },
        }
      )
      return res.payment_collection.payment_sessions.find(
        (s) => s.provider_id === PROVIDERS[kind]
      )
    },
    directions: (cartId) =>
      request(
        `/store/piastrix/directions?cart_id=${encodeURIComponent(cartId)}`
      ),
    quote: (cartId, payway) =>
      request("/store/piastrix/quote", {
        method: "POST",
        body: { cart_id: cartId, payway },
      }),
    cardForm: (sessionId) =>
      request("/store/piastrix/card-form", {
        method: "POST",
        body: { session_id: sessionId },
      }),
    requisites: (sessionId) =>
      request(`/store/piastrix/sessions/${sessionId}/requisites`),
    uploadReceipt(sessionId, file) {
      const form = new FormData()
      form.append("file", file)
      return request(`/store/piastrix/sessions/${sessionId}/receipt`, {
        method: "POST",
        form,
      })
    },
    receiptStatus: (sessionId) =>
      request(`/store/piastrix/sessions/${sessionId}/receipt-status`),
    // The cart proves the session is this storefront's: only then does the status name the order.
    sessionStatus: (sessionId, cartId) =>
      request(
        `/store/piastrix/sessions/${sessionId}/status` +
          (cartId ? `?cart_id=${encodeURIComponent(cartId)}` : "")
      ),
  }

  /** Amounts as the payer reads them, in the cart's currency. */
  function money(amount, currencyCode) {
    if (amount === null || amount === undefined || amount === "") {
      return ""
    }
    try {
      // In the page's language (texts.js): "RUB 1,250.50", "1 250,50 ₽".
      return new Intl.NumberFormat(window.demoTexts?.locale || "en-US", {
        style: "currency",
        currency: currencyCode.toUpperCase(),
      }).format(Number(amount))
    } catch {
      return `${amount} ${String(currencyCode).toUpperCase()}`
    }
  }

  const saved = {
    get cartId() {
      return localStorage.getItem("demo.cart_id")
    },
    set cartId(value) {
      if (value) {
        localStorage.setItem("demo.cart_id", value)
      } else {
        localStorage.removeItem("demo.cart_id")
      }
    },
    get regionId() {
      return localStorage.getItem("demo.region_id")
    },
    set regionId(value) {
      localStorage.setItem("demo.region_id", value)
    },
    get email() {
      return localStorage.getItem("demo.email") || ""
    },
    set email(value) {
      localStorage.setItem("demo.email", value)
    },
  }

  /** Builds an element: el("p", { class: "x", text: "hi" }, child, ...). */
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag)
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) {
        continue
      }
      if (key === "text") {
        node.textContent = value
      } else if (key.startsWith("on")) {
        node.addEventListener(key.slice(2), value)
      } else {
        node.setAttribute(key, value === true ? "" : value)
      }
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) {
        node.append(child)
      }
    }
    return node
  }

  window.demo = { store, money, saved, el }
})()
