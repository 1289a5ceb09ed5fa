import { z } from "zod"
import { nonEmpty, url, wireString } from "./common"

/** Receipts of bank-transfer payments: `{receipt_base_url}/api/v1/order/{id}/receipt[/status]`. No envelope. */

export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024

export const receiptUploadInputSchema = z.object({
  order_id: nonEmpty,
  file: z.instanceof(Uint8Array, { message: "must be a Buffer or Uint8Array" }),
  /** File name sent with the part; derived from the detected type when absent. */
  filename: z.string().min(1).max(255).optional(),
  /** From the payment status; the client's `apiUrl` when absent. */
  receipt_base_url: url.optional(),
})
export type ReceiptUploadInput = z.input<typeof receiptUploadInputSchema>

export const receiptStatusInputSchema = z.object({
  order_id: nonEmpty,
  receipt_base_url: url.optional(),
})
export type ReceiptStatusInput = z.input<typeof receiptStatusInputSchema>

export const RECEIPT_STATUSES = ["pending", "succeeded", "rejected"] as const

export const receiptSchema = z.looseObject({
  id: wireString,
  /** One of RECEIPT_STATUSES; kept as a string so a new state does not break reading the list. */
  status: z.string(),
  comment: z.string().nullish(),
})
export type Receipt = z.infer<typeof receiptSchema>

export const receiptStatusResultSchema = z.array(receiptSchema)
export type ReceiptStatusResult = z.infer<typeof receiptStatusResultSchema>

/** 400 of the upload: the file type is not allowed. */
export const receiptUploadErrorSchema = z.looseObject({ detail: z.string() })

/** 422 of the status: the id is not a valid UUID. */
export const receiptValidationErrorSchema = z.looseObject({
  detail: z.array(
    z.looseObject({
      loc: z.array(z.union([z.string(), z.number()])),
      msg: z.string(),
      type: z.string(),
    })
  ),
})
