// The demo store page: products, cart, the Piastrix payment directions with the payer's price, and
// the start of a payment. What happens after the session exists is in checkout-next.js.
;(function () {
  const { store, money, saved, el } = window.demo
  const { t, paywayName, translatePage } = window.demoTexts
  const $ = (id) => document.getElementById(id)

  const KINDS = ["wallet", "redirect", "card", "bank_transfer"].map((kind) => ({
    kind,
    title: t(`kinds.${kind}.title`),
    hint: t(`kinds.${kind}.hint`),
  }))

  const state = {
    regions: [],
    cart: null,
    directions: [],
    kind: null,
    payway: null,
  }

  function notice(message, kind = "info") {
    const box = $("notice")
    box.hidden = !message
    box.textContent = message || ""
    box.className = `notice ${kind}`
  }

  function currency() {
    return (
      state.cart?.currency_code ||
      state.regions.find((r) => r.id === saved.regionId)?.currency_code ||
      "rub"
    )
  }

  async function loadRegions() {
    const { regions } = await store.regions()
    state.regions = regions
    if (!regions.some((r) => r.id === saved.regionId)) {
      saved.regionId = (
        regions.find((r) => r.currency_code === "rub") || regions[0]
      ).id
    }
    const select = $("region")
    select.replaceChildren(
      ...regions.map((r) =>
        el("option", {
          value: r.id,
          selected: r.id === saved.regionId,
          text: `${r.name} (${r.currency_code.toUpperCase()})`,
        })
      )
    )
    select.onchange = () => changeRegion(select.value).catch(showError)
  }

  async function changeRegion(regionId) {
    saved.regionId = regionId
    if (state.cart) {
      const { cart } = await store.updateCart(state.cart.id, {
        region_id: regionId,
      })
      await setCart(cart)
    }
    await loadProducts()
  }

  async function loadProducts() {
    const { products } = await store.products(saved.regionId)
    const box = $("products")
    if (!products.length) {
      box.replaceChildren(
        el("p", {
          class: "muted",
          text: t("noProducts"),
        })
      )
      return
    }
    box.replaceChildren(
      ...products.map((product) => {
        const variant = product.variants[0]
        const price = variant?.calculated_price
        return el(
          "article",
          { class: "product", "data-handle": product.handle },
          el("h3", { text: product.title }),
          el("p", {
            class: "price",
            text: price
              ? money(price.calculated_amount, price.currency_code)
              : t("noPrice"),
          }),
          el("button", {
            type: "button",
            text: t("addToCart"),
            disabled: !price,
            onclick: () => addToCart(variant.id).catch(showError),
          })
        )
      })
    )
  }

  async function ensureCart() {
    if (state.cart) {
      return state.cart
    }
    const { cart } = await store.createCart(
      saved.regionId,
      saved.email || undefined
    )
    saved.cartId = cart.id
    return cart
  }

  async function addToCart(variantId) {
    const cart = await ensureCart()
    const { cart: updated } = await store.addItem(cart.id, variantId)
    await setCart(updated)
    notice(t("added"))
  }

  async function removeLine(lineId) {
    await store.removeItem(state.cart.id, lineId)
    const { cart } = await store.cart(state.cart.id)
    await setCart(cart)
  }

  async function setCart(cart) {
    state.cart = cart && !cart.completed_at ? cart : null
    if (!state.cart) {
      saved.cartId = null
    }
    renderCart()
    await loadDirections()
  }

  function renderCart() {
    const box = $("cart")
    const cart = state.cart
    if (!cart || !cart.items?.length) {
      box.replaceChildren(el("p", { class: "muted", text: t("cartEmpty") }))
      $("checkout").hidden = true
      return
    }
    box.replaceChildren(
      el(
        "ul",
        { class: "lines" },
        cart.items.map((item) =>
          el(
            "li",
            {},
            el("span", {
              text: `${item.quantity} × ${item.product_title || item.title}`,
            }),
            el("span", {
              text: money(
                item.total ?? item.unit_price * item.quantity,
                cart.currency_code
              ),
            }),
            el("button", {
              type: "button",
              class: "link",
              "aria-label": t("removeItem", {
                name: item.product_title || item.title,
              }),
              text: t("remove"),
              onclick: () => removeLine(item.id).catch(showError),
            })
          )
        )
      ),
      el(
        "p",
        { class: "total" },
        el("span", { text: t("total") }),
        el("strong", {
          id: "cart-total",
          text: money(cart.total, cart.currency_code),
        })
      )
    )
    $("checkout").hidden = false
  }

  /** The directions route's list, whatever grouping it uses. */
  function flattenDirections(res) {
    const value = res?.directions ?? res
    if (Array.isArray(value)) {
      return value
    }
    return value && typeof value === "object" ? Object.values(value).flat() : []
  }

  async function loadDirections() {
    state.directions = []
    if (!state.cart?.items?.length) {
      return
    }
    try {
      state.directions = flattenDirections(
        await store.directions(state.cart.id)
      )
    } catch (err) {
      // One plain sentence; the store's own words stay in the page's console for support.
      console.info("directions failed:", err.message)
      $("kinds").replaceChildren(
        el("p", { class: "error", text: t("methodsUnavailable") })
      )
      return
    }
    renderKinds()
  }

  function renderKinds() {
    const box = $("kinds")
    box.replaceChildren(
      ...KINDS.map(({ kind, title, hint }) => {
        const usable = state.directions.filter((d) => d.kind === kind)
        return el(
          "label",
          {
            class: `kind${usable.length ? "" : " unavailable"}`,
            "data-kind": kind,
          },
          el("input", {
            type: "radio",
            name: "kind",
            value: kind,
            checked: state.kind === kind,
            disabled: !usable.length,
            onchange: () => chooseKind(kind),
          }),
          el(
            "span",
            {},
            el("strong", { text: title }),
            el("small", {
              text: usable.length ? hint : t("notAvailable"),
            })
          )
        )
      })
    )
    if (state.kind && !state.directions.some((d) => d.kind === state.kind)) {
      state.kind = null
    }
    renderDirection()
  }

  function chooseKind(kind) {
    state.kind = kind
    const usable = state.directions.filter((d) => d.kind === kind)
    state.payway =
      (usable.find((d) => d.is_default) || usable[0])?.payway || null
    renderDirection()
  }

  function renderDirection() {
    const box = $("direction")
    const usable = state.directions.filter((d) => d.kind === state.kind)
    $("pay").disabled = !state.payway
    if (!state.kind) {
      box.replaceChildren()
      $("quote").replaceChildren()
      return
    }
    const select = el(
      "select",
      {
        id: "payway",
        "aria-label": t("direction"),
        onchange: (e) => choosePayway(e.target.value),
      },
      usable.map((d) =>
        el("option", {
          value: d.payway,
          selected: d.payway === state.payway,
          text: directionLabel(d),
        })
      )
    )
    box.replaceChildren(el("label", { class: "field" }, t("direction"), select))
    choosePayway(state.payway)
  }

  /** A direction as the payer reads it: its name and limits with the currency, never the payway's code. */
  function directionLabel(d) {
    const limits = [
      d.min_amount && t("from", { amount: money(d.min_amount, currency()) }),
      d.max_amount && t("upTo", { amount: money(d.max_amount, currency()) }),
    ].filter(Boolean)
    return `${paywayName(d.payway, d.name)}${limits.length ? ` · ${limits.join(" ")}` : ""}`
  }

  async function choosePayway(payway) {
    state.payway = payway
    $("pay").hidden = false
    $("pay").disabled = !payway
    $("pay").textContent = t("payAmount", {
      amount: money(state.cart.total, state.cart.currency_code),
    })
    const box = $("quote")
    box.replaceChildren()
    if (!payway || state.kind === "wallet") {
      // Wallet payments are priced by Piastrix on its own page (the payer may pay in another currency).
      return
    }
    // Pay waits for the price: the payer pays what the quote says, fee included, never a guess (nor the
    // cart's total, which a direction's fee changes).
    $("pay").disabled = true
    $("pay").textContent = t("payNoPrice")
    box.replaceChildren(el("span", { class: "muted", text: t("askingPrice") }))
    try {
      const quote = await store.quote(state.cart.id, payway)
      const q = quote.quote ?? quote
      if (state.payway !== payway) {
        return
      }
      $("pay").disabled = false
      $("pay").textContent = t("payAmount", {
        amount: money(q.payer_price, currency()),
      })
      box.replaceChildren(
        el("span", { text: t("youPay") }),
        el("strong", {
          "data-testid": "payer-price",
          text: money(q.payer_price, currency()),
        }),
        q.payer_fee !== undefined && Number(q.payer_fee) !== 0
          ? el("span", {
              text: t("withFee", { amount: money(q.payer_fee, currency()) }),
            })
          : el("span", { text: t("noFee") })
      )
    } catch (err) {
      if (state.payway !== payway) {
        return
      }
      // One plain sentence and a way on; the store's own words stay in the page's console for support.
      console.info("quote failed:", err.message)
      box.replaceChildren(
        el("span", {
          class: "error",
          "data-testid": "quote-error",
          text: err.status === 400 ? t("directionRefused") : t("noPriceNow"),
        }),
        err.status === 400
          ? null
          : el("button", {
              type: "button",
              class: "button",
              text: t("tryAgain"),
              onclick: () => choosePayway(payway),
            })
      )
    }
  }

  async function pay() {
    const email = $("email").value.trim()
    if (!$("email").checkValidity() || !email) {
      $("email").reportValidity()
      return
    }
    saved.email = email
    $("pay").disabled = true
    notice(t("starting"))
    try {
      if (state.cart.email !== email) {
        await store.updateCart(state.cart.id, { email })
      }
      await ensureDelivery(state.cart.id)
      const session = await store.startSession(state.cart.id, state.kind, {
        payway: state.payway,
        email,
      })
      notice("")
      // The payment is started: its own form or details follow, and no second, disabled Pay stays above them.
      $("pay").hidden = true
      await window.checkoutNext.show(session, state.cart)
    } catch (err) {
      $("pay").hidden = false
      $("pay").disabled = false
      showError(err)
    }
  }

  /**
   * The store's delivery option on the cart (the dev store seeds a free "Digital delivery"), so the order
   * arrives in the admin with its stock location and shipping option, ready to fulfil. A store that offers
   * none sells these digital goods without one.
   */
  async function ensureDelivery(cartId) {
    const { cart } = await store.cart(cartId)
    if (cart.shipping_methods?.length) {
      return
    }
    const { shipping_options: options } = await store.shippingOptions(cartId)
    if (options?.length) {
      await store.addShippingMethod(cartId, options[0].id)
    }
  }

  /** One plain sentence for the payer; the store's own words stay in the page's console for support. */
  function showError(err) {
    console.info("failed:", err?.message || String(err))
    notice(
      err?.status === 0 ? t("storeUnreachable") : t("somethingFailed"),
      "error"
    )
  }

  async function start() {
    if (!store.config.publishableKey) {
      notice(t("noKey"), "error")
      return
    }
    translatePage()
    $("email").value = saved.email
    $("pay").onclick = () => pay()
    if (store.config.sandboxUrl) {
      $("env-note").textContent = t("sandboxNote", {
        url: store.config.sandboxUrl,
      })
    }
    await loadRegions()
    if (saved.cartId) {
      try {
        const { cart } = await store.cart(saved.cartId)
        if (cart.region_id !== saved.regionId) {
          saved.regionId = cart.region_id
          $("region").value = cart.region_id
        }
        await setCart(cart)
      } catch {
        saved.cartId = null
      }
    }
    await loadProducts()
    const params = new URLSearchParams(location.search)
    if (params.get("retry")) {
      notice(t("retryNotice"), "error")
    }
  }

  start().catch(showError)
})()
