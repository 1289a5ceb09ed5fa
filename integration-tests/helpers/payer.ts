import type { AxiosInstance } from "axios"
import type { SeededStore } from "../../dev/seed"
import type { RunningSandbox } from "../../sandbox/src"
import { sandboxControl } from "./callbacks"
import { storeHeaders } from "./store-api"

/**
 * A payer without a browser: follows `next_action` to the sandbox's payer pages and presses their
 * buttons with plain HTTP, exactly as the forms on those pages would post. (The browser suites do the
 * same in Chromium.)
 */

const formAction = (html: string, pattern: RegExp): string => {
  const match = pattern.exec(html)
  if (!match) {
    throw new Error(
      `no form matching ${pattern} on the payer page:\n${html.slice(0, 400)}`
    )
  }
  return match[1]
}

async function openRedirect(action: {
  method: string
  url: string
  fields: Record<string, string>
}) {
  if (action.method === "GET") {
    const url = new URL(action.url)
    Object.entries(action.fields).forEach(([k, v]) =>
      url.searchParams.set(k, v)
    )
    return fetch(url)
  }
  return fetch(action.url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(action.fields).toString(),
  })
}

/** Opens the payment page of a redirect `next_action` and presses "Pay" (or "Fail the payment"). */
export async function payOnPaymentPage(
  sessionData: { next_action: any },
  { fail = false, payerAccount }: { fail?: boolean; payerAccount?: string } = {}
): Promise<Response> {
  const action = sessionData.next_action
  if (action?.type !== "redirect") {
    throw new Error(
      `expected a redirect next_action, got ${JSON.stringify(action)}`
    )
  }
  const page = await openRedirect(action)
  const html = await page.text()
  const button = formAction(
    html,
    fail ? /action="([^"]*\/fail)"/ : /action="([^"]*\/pay)"/
  )
  const target = new URL(button, page.url)
  return fetch(target, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(
      payerAccount ? { payer_account: payerAccount } : {}
    ).toString(),
    redirect: "manual",
  })
}

/** The card form of a `piastrix-card` session posted straight to the service, then 3-D Secure. */
export async function payByCard(
  api: AxiosInstance,
  seed: SeededStore,
  sessionId: string,
  { code = "123456", cardNumber = "4242424242424242" } = {}
): Promise<Response> {
  const { data: form } = await api.post(
    "/store/piastrix/card-form",
    { session_id: sessionId },
    storeHeaders(seed)
  )
  const year = String(new Date().getUTCFullYear() + 2)
  const formPage = await fetch(form.payform_url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      card_number: cardNumber,
      expiry_month: "12",
      expiry_year: year,
      cvv: "123",
      card_holder: "IVAN PETROV",
      form_token: form.form_token,
      session_id: form.session_id,
    }).toString(),
  })
  const acs = formAction(
    await formPage.text(),
    /<form id="acs" method="get" action="([^"]+)"/
  )
  const acsPage = await fetch(acs)
  const confirm = new URL(
    formAction(await acsPage.text(), /action="(\/3ds\/[^"]+)"/),
    acsPage.url
  )
  return fetch(confirm, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ code }).toString(),
    redirect: "manual",
  })
}

/** A bank-transfer session's payer asks for the requisites and sends the transfer (the sandbox's payer side). */
export async function payBankTransfer(
  sandbox: RunningSandbox,
  sessionId: string
): Promise<void> {
  await sandboxControl(
    sandbox,
    "POST",
    `payments/${sessionId}/requisites?by=order`,
    {}
  )
  await sandboxControl(
    sandbox,
    "POST",
    `payments/${sessionId}/confirm-transfer?by=order`,
    {}
  )
}
