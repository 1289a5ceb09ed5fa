import { randomUUID } from "node:crypto"
import busboy from "busboy"
import { detectReceiptType } from "../../../src/lib/piastrix/receipt-file"
import { jsonReply, type Reply } from "../reply"
import type { SandboxRequest } from "../request"

/** Receipt endpoints: plain HTTP errors in the style of the service's receipt API (FastAPI). */

export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024

const UUID =
  /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i

function invalidId(id: string): Reply | null {
  if (UUID.test(id)) {
    return null
  }
  return jsonReply(422, {
    detail: [
      {
        loc: ["path", "id"],
        msg: "value is not a valid uuid",
        type: "type_error.uuid",
        input: id,
      },
    ],
  })
}

function normalise(id: string): string {
  const hex = id.replace(/-/g, "").toLowerCase()
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const missingFile = () =>
  jsonReply(422, {
    detail: [
      {
        loc: ["body", "file"],
        msg: "field required",
        type: "value_error.missing",
      },
    ],
  })

const tooLarge = () =>
  jsonReply(400, { detail: "File is too large: at most 10 MB is allowed" })

type Upload = { head: Buffer; size: number; truncated: boolean } | null

function readFile(req: SandboxRequest): Promise<Upload | "bad-request"> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        // busboy reports `limit` once a file reaches the limit: one byte more lets exactly 10 MB through.
        limits: { fileSize: MAX_RECEIPT_BYTES + 1, files: 1 },
      })
    } catch {
      resolve("bad-request")
      return
    }
    let upload: Upload = null
    parser.on("file", (name, stream) => {
      if (name !== "file") {
        stream.resume()
        return
      }
      const current = { head: Buffer.alloc(0), size: 0, truncated: false }
      upload = current
      stream.on("data", (chunk: Buffer) => {
        if (current.head.length < 16) {
          current.head = Buffer.concat([current.head, chunk]).subarray(0, 16)
        }
        current.size += chunk.length
      })
      stream.on("limit", () => {
        current.truncated = true
      })
    })
    parser.on("close", () => resolve(upload))
    parser.on("error", () => resolve("bad-request"))
    parser.end(req.body)
  })
}

export async function uploadReceipt(
  req: SandboxRequest,
  bodyTooLarge: boolean
): Promise<Reply> {
  const { ctx } = req
  const invalid = invalidId(req.params.id)
  if (invalid) {
    return invalid
  }
  const orderId = normalise(req.params.id)
  if (!ctx.store.paymentByReceiptOrder(orderId)) {
    return jsonReply(404, { detail: "Order not found" })
  }
  if (bodyTooLarge) {
    return tooLarge()
  }
  const upload = await readFile(req)
  if (upload === "bad-request" || upload === null) {
    return missingFile()
  }
  if (upload.truncated) {
    return tooLarge()
  }
  const type = detectReceiptType(upload.head)?.mime
  if (!type) {
    return jsonReply(400, {
      detail:
        "File type is not allowed: JPEG, JPG, PNG, PDF, WebP or HEIF expected",
    })
  }
  ctx.store.data.receipts.push({
    id: randomUUID(),
    orderId,
    status: "pending",
    comment: null,
    contentType: type,
    size: upload.size,
    created: ctx.clock.now(),
  })
  ctx.changed()
  return jsonReply(202, null)
}

export function receiptStatus(req: SandboxRequest): Reply {
  const invalid = invalidId(req.params.id)
  if (invalid) {
    return invalid
  }
  const orderId = normalise(req.params.id)
  if (!req.ctx.store.paymentByReceiptOrder(orderId)) {
    return jsonReply(404, { detail: "Order not found" })
  }
  return jsonReply(
    200,
    req.ctx.store
      .receiptsOf(orderId)
      .map((r) => ({ id: r.id, status: r.status, comment: r.comment }))
  )
}
