// Sends the payer on once the payment session exists, following `session.data.next_action`:
// a redirect (GET, or a self-submitting POST form), the card form posted straight to Piastrix, or the
// bank-transfer requisites with a receipt upload.
;(function () {
  const { store, money, el } = window.demo
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
    panel(el("p", { text: "Taking you to Piastrix to pay…" }))
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
    panel(el("p", { class: "muted", text: "Preparing the secure card form…" }))
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
      input("card_number", "Card number", {
        inputmode: "numeric",
        autocomplete: "cc-number",
        placeholder: "4242 4242 4242 4242",
      }),
      el(
        "div",
        { class: "row" },
        input("expiry_month", "Month", {
          inputmode: "numeric",
          autocomplete: "cc-exp-month",
          placeholder: "12",
          maxlength: 2,
        }),
        input("expiry_year", "Year", {
          inputmode: "numeric",
          autocomplete: "cc-exp-year",
          placeholder: "30",
          maxlength: 4,
        }),
        input("cvv", "CVV", {
          inputmode: "numeric",
          autocomplete: "cc-csc",
          placeholder: "123",
          maxlength: 4,
        })
      ),
      input("card_holder", "Name on the card", {
        autocomplete: "cc-name",
        placeholder: "IVAN IVANOV",
      }),
      el("button", {
        class: "primary",
        type: "submit",
        text: `Pay ${money(session.amount, session.currency_code)}`,
      })
    )
    form.addEventListener("submit", () => {
      // Spaces typed for readability are not part of the number.
      form.card_number.value = form.card_number.value.replace(/\s+/g, "")
    })
    panel(
      el("p", {
        text: "Enter your card. Your bank may ask you to confirm the payment (3-D Secure).",
      }),
      form,
      store.config.sandboxUrl
        ? el("p", {
            class: "muted small",
            text: "Sandbox: any valid test card such as 4242 4242 4242 4242, a future expiry, any CVV; 3-D Secure code 123456 pays, any other code fails.",
          })
        : null
    )
  }

  function requisiteRows(r) {
    const currency =
      r.currency && /^[a-z]{3}$/i.test(r.currency) ? r.currency : "rub"
    const rows = [
      ["Amount to transfer", r.amount && money(r.amount, currency)],
      [
        "Suggested amount (speeds up processing)",
        r.suggested_amount && money(r.suggested_amount, currency),
      ],
      ["Card number", r.card],
      ["Phone", r.phone],
      ["Bank", r.bank],
      ["Recipient", r.card_holder_name],
      ["Agreement", r.qr_caption],
      ["QR code data", r.qr_data || r.url],
      [
        "Transfer before",
        r.expired && new Date(Number(r.expired) * 1000).toLocaleString(),
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
      text: "Piastrix is assigning the transfer details. This takes a few seconds…",
    })
    const details = el("div")
    panel(status, details)
    for (;;) {
      const res = await store.requisites(session.id)
      if (res.ready) {
        status.replaceWith(
          el("p", {
            text: "Transfer the amount below, then tell us you have sent it.",
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
        result.textContent = "Choose the receipt file first."
        return
      }
      result.textContent = "Uploading…"
      try {
        await store.uploadReceipt(session.id, file.files[0])
        const res = await store.receiptStatus(session.id).catch(() => null)
        const receipts = res?.receipts ?? res ?? []
        const last = Array.isArray(receipts)
          ? receipts[receipts.length - 1]
          : null
        result.textContent = `Receipt uploaded${last?.status ? `; Piastrix status: ${last.status}` : ""}.`
        result.className = "ok small"
      } catch (err) {
        result.textContent = `The receipt was not accepted: ${err.message}`
        result.className = "error small"
      }
    }
    return el(
      "div",
      { class: "receipt" },
      el(
        "label",
        { class: "field" },
        "Transfer receipt (JPEG, PNG, WebP, HEIF or PDF, up to 10 MB)",
        file
      ),
      el("button", { type: "button", text: "Upload receipt", onclick: upload }),
      result
    )
  }

  function sentButton(session, cart) {
    const result = el("p", { class: "small", "aria-live": "polite" })
    const button = el("button", {
      class: "primary",
      type: "button",
      text: "I have sent the transfer",
      onclick: async () => {
        button.disabled = true
        try {
          // The bank-transfer provider answers "pending_authorization": the order exists while the money travels.
          await store.complete(cart.id)
          location.assign(returnUrl(session.id))
        } catch (err) {
          button.disabled = false
          result.textContent = `The order could not be placed: ${err.message}`
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
            text: `Pay by ${action.method}. Your order is confirmed once Piastrix reports the payment.`,
          }),
          el("pre", {
            text: JSON.stringify(action.instructions || {}, null, 2),
          }),
          sentButton(session, cart)
        )
      default:
        throw new Error(
          "The payment started, but the store did not say how to continue it."
        )
    }
  }

  window.checkoutNext = { show }
})()
