import { z } from "zod"
import { nonEmpty, url } from "./common"

/** Card host-to-host: `/h2h_data` (form token) and the card form request to `payform_url`. */

export const h2hDataInputSchema = z.object({ session_id: nonEmpty })
export type H2hDataInput = z.input<typeof h2hDataInputSchema>

export const h2hDataRequestSchema = z.looseObject({
  session_id: z.string().min(1),
})
export type H2hDataRequest = z.infer<typeof h2hDataRequestSchema>

export const h2hDataResultSchema = z.looseObject({
  form_token: z.string(),
  payform_url: z.string(),
})
export type H2hDataResult = z.infer<typeof h2hDataResultSchema>

/** Card data goes to the service as typed: no trimming, no reformatting, no logging. */
export const cardFormInputSchema = z.object({
  payform_url: url,
  card_number: z.string().min(1, "must not be empty"),
  expiry_month: z.string().min(1, "must not be empty"),
  expiry_year: z.string().min(1, "must not be empty"),
  cvv: z.string().min(1, "must not be empty"),
  card_holder: z.string().min(1, "must not be empty"),
  form_token: z.string().min(1, "must not be empty"),
  session_id: z.string().min(1, "must not be empty"),
})
export type CardFormInput = z.input<typeof cardFormInputSchema>

export const cardFormRequestSchema = cardFormInputSchema.omit({
  payform_url: true,
})
export type CardFormRequest = z.infer<typeof cardFormRequestSchema>

/** What the card form request answered: an HTML page to show, or a redirect (3-D Secure) to follow. */
export interface CardFormResult {
  httpStatus: number
  contentType?: string
  /** The HTML the service returned, when it returned a page. */
  html?: string
  /** Where the payer goes next, when the service answered with a redirect. */
  redirectUrl?: string
}
