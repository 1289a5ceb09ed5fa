import {
  PiastrixHttpError,
  PiastrixResponseError,
  PiastrixValidationError,
} from "./errors"
import { describeIssues, parseJson, PiastrixTransport } from "./http"
import { checkReceiptFile } from "./receipt-file"
import {
  CardFormInput,
  CardFormResult,
  receiptStatusResultSchema,
  ReceiptStatusResult,
  receiptUploadErrorSchema,
  receiptValidationErrorSchema,
} from "./schemas"

/**
 * The host-to-host requests that have no envelope and no signature: the card form and the two receipt
 * endpoints. They answer plain HTTP statuses, read here.
 */

const CARD_FORM = "{payform_url}"
const RECEIPT_UPLOAD = "/api/v1/order/{id}/receipt"
const RECEIPT_STATUS = "/api/v1/order/{id}/receipt/status"

/** `detail` of an error body: a string, the 422 list, or nothing usable. */
function readDetail(text: string) {
  const body = parseJson(text)
  const asText = receiptUploadErrorSchema.safeParse(body)
  if (asText.success) {
    return asText.data.detail
  }
  const asList = receiptValidationErrorSchema.safeParse(body)
  return asList.success ? asList.data.detail : undefined
}

/**
 * Posts the card data as a form, exactly as the payer's browser would. The request pays, so it is a
 * create: never retried. Card data is in the body only; errors carry statuses, never the body.
 */
export async function postCardForm(
  transport: PiastrixTransport,
  input: Required<CardFormInput>
): Promise<CardFormResult> {
  const { payform_url: url, ...fields } = input
  const response = await transport.send({
    method: "POST",
    url,
    endpoint: CARD_FORM,
    kind: "create",
    data: new URLSearchParams(fields).toString(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html,*/*",
    },
    maxRedirects: 0,
  })
  const contentType = response.headers["content-type"]
  if (
    response.status >= 300 &&
    response.status < 400 &&
    response.headers.location
  ) {
    const redirectUrl = new URL(response.headers.location, url).toString()
    return { httpStatus: response.status, contentType, redirectUrl }
  }
  if (response.status >= 200 && response.status < 300) {
    return { httpStatus: response.status, contentType, html: response.text }
  }
  throw new PiastrixHttpError(
    CARD_FORM,
    response.status,
    readDetail(response.text)
  )
}

const orderUrl = (base: string, orderId: string) =>
  `${base.replace(/\/+$/, "")}/api/v1/order/${encodeURIComponent(orderId)}/receipt`

/** Uploads a receipt. Its type and size are checked by content before anything is sent. */
export async function uploadReceipt(
  transport: PiastrixTransport,
  input: {
    order_id: string
    file: Uint8Array
    filename?: string
    receipt_base_url: string
  }
): Promise<{ httpStatus: number }> {
  let type
  try {
    type = checkReceiptFile(input.file)
  } catch (error) {
    throw error instanceof PiastrixValidationError
      ? error.at(RECEIPT_UPLOAD)
      : error
  }
  const form = new FormData()
  // A copy: Blob wants bytes backed by a plain ArrayBuffer, a Buffer may sit in a shared pool.
  const blob = new Blob([new Uint8Array(input.file)], { type: type.mime })
  form.append("file", blob, input.filename ?? `receipt.${type.extension}`)
  const response = await transport.send({
    method: "POST",
    url: orderUrl(input.receipt_base_url, input.order_id),
    endpoint: RECEIPT_UPLOAD,
    // A second upload would file the receipt twice for review: treat it like a create.
    kind: "create",
    data: form,
    headers: { Accept: "application/json" },
  })
  if (response.status >= 200 && response.status < 300) {
    return { httpStatus: response.status }
  }
  throw new PiastrixHttpError(
    RECEIPT_UPLOAD,
    response.status,
    readDetail(response.text)
  )
}

/** The receipts of an order; 422 (id is not a UUID) and other HTTP errors become PiastrixHttpError. */
export async function getReceiptStatus(
  transport: PiastrixTransport,
  input: { order_id: string; receipt_base_url: string }
): Promise<ReceiptStatusResult> {
  const response = await transport.send({
    method: "GET",
    url: `${orderUrl(input.receipt_base_url, input.order_id)}/status`,
    endpoint: RECEIPT_STATUS,
    kind: "read",
    headers: { Accept: "application/json" },
  })
  if (response.status < 200 || response.status >= 300) {
    throw new PiastrixHttpError(
      RECEIPT_STATUS,
      response.status,
      readDetail(response.text)
    )
  }
  const parsed = receiptStatusResultSchema.safeParse(parseJson(response.text))
  if (!parsed.success) {
    throw new PiastrixResponseError(
      RECEIPT_STATUS,
      response.status,
      describeIssues(parsed.error)
    )
  }
  return parsed.data
}
