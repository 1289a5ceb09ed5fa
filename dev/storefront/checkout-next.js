// Sends the payer on once the payment session exists, following `session.data.next_action`:
// a redirect (GET, or a self-submitting POST form), the card form posted straight to Piastrix, or the
// bank-transfer requisites with a receipt upload.
;(function () {
  const { store, money, el } = window.demo
  const { t, locale } = window.demoTexts
  const $ = (id) => document.getElementById(id)

  function returnUrl(sessionId) {
    return `return.html?session_id=${encodeURIComponent(sessionId)}`
  }

  function panel(...children) {
    $("next").hidden = false
    $("next-body").replaceChildren(...children)
    $("next").scrollIntoView({ block: "nearest" })
  }

  function redirect(action) {
    panel(el("p", { text: t("redirecting") }))
    if (action.method === "POST") {
      const form = el(
        "form",
        { method: "POST", action: action.url },
        Object.entries(action.fields || {}).map(([name, value]) =>
          el("input", { type: "hidden", name, value })
        )
      )
      document.body.append(form)
      form.submit()
      return
    }
    const url = new URL(action.url)
    for (const [name, value] of Object.entries(action.fields || {})) {
      url.searchParams.set(name, value)
    }
    location.assign(url.toString())
  }

  async function cardForm(session) {
    panel(el("p", { class: "muted", text: t("preparingCard") }))
    const res = await store.cardForm(session.id)
    const token = res.card_form ?? res
    const input = (name, label, attrs = {}) =>
      el(
        "label",
        { class: "field" },
        label,
        el("input", { name, required: true, ...attrs })
      )
    // The form posts to Piastrix itself: card data never reaches this store or Medusa.
    const form = el(
      "form",
      {
        id: "card-form",
        method: "POST",
        action: token.payform_url,
        class: "card-form",
      },
      el("input", {
        type: "hidden",
        name: "form_token",
        value: token.form_token,
      }),
      el("input", {
        type: "hidden",
        name: "session_id",
        value: token.session_id,
      }),
      input("card_number", t("cardNumber"), {
        inputmode: "numeric",
        autocomplete: "cc-number",
        placeholder: "4242 4242 4242 4242",
      }),
      el(
        "div",
        { class: "row" },
        input("expiry_month", t("month"), {
          inputmode: "numeric",
          autocomplete: "cc-exp-month",
          placeholder: "12",
          maxlength: 2,
        }),
        input("expiry_year", t("year"), {
          inputmode: "numeric",
          autocomplete: "cc-exp-year",
          placeholder: "30",
          maxlength: 4,
        }),
        input("cvv", t("cvv"), {
          inputmode: "numeric",
          autocomplete: "cc-csc",
          placeholder: "123",
          maxlength: 4,
        })
      ),
      input("card_holder", t("cardHolder"), {
        autocomplete: "cc-name",
        placeholder: "IVAN IVANOV",
      }),
      el("button", {
        class: "primary",
        type: "submit",
        text: t("payAmount", {
          amount: money(session.amount, session.currency_code),
        }),
      })
    )
    form.addEventListener("submit", () => {
      // Spaces typed for readability are not part of the number.
      form.card_number.value = form.card_number.value.replace(/\s+/g, "")
    })
    panel(
      el("p", {
        text: t("cardIntro"),
      }),
      form,
      store.config.sandboxUrl
        ? el("p", {
            class: "muted small",
            text: t("cardSandbox"),
          })
        : null
    )
  }

  function requisiteRows(r) {
    const currency =
      r.currency && /^[a-z]{3}$/i.test(r.currency) ? r.currency : "rub"
    const rows = [
      [t("requisites.amount"), r.amount && money(r.amount, currency)],
      [
        t("requisites.suggested"),
        r.suggested_amount && money(r.suggested_amount, currency),
      ],
      [t("requisites.card"), r.card],
      [t("requisites.phone"), r.phone],
      [t("requisites.bank"), r.bank],
      [t("requisites.recipient"), r.card_holder_name],
      [t("requisites.agreement"), r.qr_caption],
      [t("requisites.qr"), r.qr_data || r.url],
      [
        t("requisites.before"),
        r.expired && new Date(Number(r.expired) * 1000).toLocaleString(locale),
      ],
    ].filter(([, value]) => value)
    return el(
      "dl",
      { class: "requisites", "data-testid": "requisites" },
      rows.flatMap(([label, value]) => [
        el("dt", { text: label }),
        el("dd", { text: String(value) }),
      ])
    )
  }

  async function bankTransfer(session, cart) {
    const status = el("p", {
      class: "muted",
      text: t("assigning"),
    })
    const details = el("div")
    panel(status, details)
    for (;;) {
      const res = await store.requisites(session.id)
      if (res.ready) {
        status.replaceWith(
          el("p", {
            text: t("transferIntro"),
          })
        )
        details.replaceChildren(
          requisiteRows(res.requisites || {}),
          receiptForm(session),
          sentButton(session, cart)
        )
        return
      }
      const waitMs = res.next_check_at
        ? Math.max(1000, new Date(res.next_check_at).getTime() - Date.now())
        : 10000
      await new Promise((r) => setTimeout(r, Math.min(waitMs, 15000)))
    }
  }

  function receiptForm(session) {
    const result = el("p", { class: "muted small", "aria-live": "polite" })
    const file = el("input", {
      type: "file",
      name: "file",
      accept: "image/jpeg,image/png,image/webp,image/heif,application/pdf",
    })
    const upload = async () => {
      if (!file.files[0]) {
        result.textContent = t("chooseReceipt")
        return
      }
      result.textContent = t("uploading")
      try {
        await store.uploadReceipt(session.id, file.files[0])
        // The service's review status is a code for the store (the admin's order card words it).
        result.textContent = t("receiptUploaded")
        result.className = "ok small"
      } catch (err) {
        console.info("receipt refused:", err.message)
        result.textContent = t("receiptRefused")
        result.className = "error small"
      }
    }
    return el(
      "div",
      { class: "receipt" },
      el("label", { class: "field" }, t("receiptLabel"), file),
      el("button", {
        type: "button",
        text: t("uploadReceipt"),
        onclick: upload,
      }),
      result
    )
  }

  function sentButton(session, cart) {
    const result = el("p", { class: "small", "aria-live": "polite" })
    const button = el("button", {
      class: "primary",
      type: "button",
      text: t("sentTransfer"),
      onclick: async () => {
        button.disabled = true
        try {
          // The bank-transfer provider answers "pending_authorization": the order exists while the money travels.
          await store.complete(cart.id)
          location.assign(returnUrl(session.id))
        } catch (err) {
          button.disabled = false
          console.info("order not placed:", err.message)
          result.textContent = t("orderFailed")
          result.className = "error small"
        }
      },
    })
    return el("div", {}, button, result)
  }

  async function show(session, cart) {
    localStorage.setItem("demo.session_id", session.id)
    const action = session.data?.next_action
    switch (action?.type) {
      case "redirect":
        return redirect(action)
      case "card_form":
        return cardForm(session)
      case "bank_transfer":
        return bankTransfer(session, cart)
      case "offline":
        return panel(
          el("p", {
            text: t("payOffline", { method: action.method }),
          }),
          el("pre", {
            text: JSON.stringify(action.instructions || {}, null, 2),
          }),
          sentButton(session, cart)
        )
      default:
        throw new Error(t("noNextStep"))
    }
  }

  window.checkoutNext = { show }
})()
