import { escapeHtml, page } from "../html"
import { htmlReply, type Reply } from "../reply"
import type { SandboxRequest } from "../request"

/** `receipt_web`: the service's own upload form a payer may be sent to. */
export function receiptPage(req: SandboxRequest): Reply {
  const id = escapeHtml(req.params.id)
  return htmlReply(
    200,
    page(
      "Upload your transfer receipt",
      `<form method="post" enctype="multipart/form-data" action="/api/v1/order/${id}/receipt">
<input type="file" name="file" accept="image/jpeg,image/png,application/pdf,image/webp,image/heif" required>
<button type="submit">Upload</button></form>
<p>JPEG, PNG, PDF, WebP or HEIF, at most 10 MB.</p>`
    )
  )
}
