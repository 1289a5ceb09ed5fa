import type { CardFormToken, NextAction } from "./types"

/** Where a `redirect` next action sends the payer: a GET address with its fields, or a form to post. */
export type RedirectRequest =
  | { method: "GET"; url: string }
  | { method: "POST"; url: string; fields: Record<string, string> }

export function redirectRequest(
  action: Extract<NonNullable<NextAction>, { type: "redirect" }>
): RedirectRequest {
  if (action.method === "POST") {
    return { method: "POST", url: action.url, fields: action.fields }
  }
  const url = new URL(action.url)
  for (const [name, value] of Object.entries(action.fields)) {
    url.searchParams.set(name, value)
  }
  return { method: "GET", url: url.toString() }
}

/** A form of hidden fields, posted by the browser itself (the payer leaves the page). */
export function submitForm(
  url: string,
  fields: Record<string, string>,
  doc: Document = document
) {
  const form = doc.createElement("form")
  form.method = "POST"
  form.action = url
  form.hidden = true
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement("input")
    input.type = "hidden"
    input.name = name
    input.value = value
    form.append(input)
  }
  doc.body.append(form)
  form.submit()
}

/**
 * Sends the browser on for a `redirect` action (GET: a new address; POST: a self-submitting form) and
 * answers true; any other action is the page's to show, and answers false.
 */
export function followNextAction(
  action: NextAction,
  doc: Document = document
): boolean {
  if (action?.type !== "redirect") {
    return false
  }
  const request = redirectRequest(action)
  if (request.method === "GET") {
    doc.defaultView!.location.assign(request.url)
  } else {
    submitForm(request.url, request.fields, doc)
  }
  return true
}

/** What the payer types into the card form. */
export type CardInput = {
  card_number: string
  expiry_month: string
  expiry_year: string
  cvv: string
  card_holder: string
}

/**
 * The fields the browser posts to `payform_url`: the card (spaces typed for readability removed) with
 * the form token. They go from the browser to Piastrix, never through the store.
 */
export function cardFormFields(
  token: CardFormToken,
  card: CardInput
): Record<string, string> {
  return {
    card_number: card.card_number.replace(/\s+/g, ""),
    expiry_month: card.expiry_month.trim(),
    expiry_year: card.expiry_year.trim(),
    cvv: card.cvv.trim(),
    card_holder: card.card_holder.trim(),
    form_token: token.form_token,
    session_id: token.session_id,
  }
}

/** Posts the card form to Piastrix from the browser; 3-D Secure follows there. */
export function postCardForm(
  token: CardFormToken,
  card: CardInput,
  doc: Document = document
) {
  submitForm(token.payform_url, cardFormFields(token, card), doc)
}
