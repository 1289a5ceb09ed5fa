import busboy from "busboy"
import type { IncomingMessage } from "node:http"
import {
  detectReceiptType,
  RECEIPT_MAX_BYTES,
  type ReceiptFileType,
} from "../../../../lib/piastrix"

/** A receipt read from a multipart request, or why it was refused (before anything reached the service). */
export type ReceiptRead =
  | { ok: true; bytes: Buffer; type: ReceiptFileType }
  | { ok: false; status: 400 | 413; message: string }

/** Multipart framing around the file: boundaries and part headers. */
const MULTIPART_OVERHEAD = 64 * 1024
/** After a refusal the rest of the body is read and discarded up to this much, then the socket is cut. */
const DRAIN_LIMIT = 32 * 1024 * 1024
/** Enough bytes to recognise every accepted type. */
const SNIFF_BYTES = 16

const refuse = (status: 400 | 413, message: string): ReceiptRead => ({
  ok: false,
  status,
  message,
})

/**
 * Reads the `file` part of a multipart body while it streams: the type is decided by content from the
 * first bytes, the size is counted as it arrives, and reading stops at 10 MB, so an oversized or
 * wrong file is never held in memory. After a refusal the rest of the body is discarded (so the
 * client reads the answer instead of a reset), up to a bound.
 */
export function readReceipt(
  req: IncomingMessage,
  maxBytes = RECEIPT_MAX_BYTES
): Promise<ReceiptRead> {
  const declared = Number(req.headers["content-length"])
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
    drain(req)
    return Promise.resolve(
      refuse(413, "file: the receipt must be at most 10 MB")
    )
  }
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: req.headers,
      // busboy signals a limit on reaching it, not on passing it: `parts: 1` would refuse the one file
      // itself, and `fileSize: maxBytes` a file of exactly 10 MB.
      limits: {
        fileSize: maxBytes + 1,
        files: 1,
        fields: 0,
        parts: 2,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    })
  } catch {
    drain(req)
    return Promise.resolve(
      refuse(
        400,
        "file: send multipart/form-data with the receipt in the field 'file'"
      )
    )
  }

  return new Promise<ReceiptRead>((resolve) => {
    let settled = false
    let chunks: Buffer[] = []
    let size = 0
    let type: ReceiptFileType | undefined
    let seenFile = false

    const finish = (result: ReceiptRead) => {
      if (settled) {
        return
      }
      settled = true
      if (!result.ok) {
        chunks = []
        req.unpipe(parser)
        parser.removeAllListeners()
        // busboy may still emit after unpiping; a listener keeps a late error from becoming an uncaught one.
        parser.on("error", () => undefined)
        drain(req)
      }
      resolve(result)
    }

    parser.on("file", (name: string | undefined, stream) => {
      if (name !== "file" || seenFile) {
        stream.resume()
        // A part without a name in its Content-Disposition gets none from busboy.
        finish(
          refuse(
            400,
            `Unrecognized fields: '${String(name ?? "").slice(0, 100)}'`
          )
        )
        return
      }
      seenFile = true
      // A broken body fails the file stream too; the parser's own error answers the request.
      stream.on("error", () => undefined)
      let head = Buffer.alloc(0)
      stream.on("data", (chunk: Buffer) => {
        if (settled) {
          return
        }
        size += chunk.length
        chunks.push(chunk)
        if (!type && head.length < SNIFF_BYTES) {
          head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES)
          if (head.length >= SNIFF_BYTES) {
            type = detectReceiptType(head)
            if (!type) {
              finish(
                refuse(
                  400,
                  "file: must be a JPEG, PNG, PDF, WebP or HEIF/HEIC file"
                )
              )
            }
          }
        }
      })
      stream.on("limit", () =>
        finish(refuse(413, "file: the receipt must be at most 10 MB"))
      )
      stream.on("end", () => {
        if (!settled && !type && head.length > 0) {
          type = detectReceiptType(head)
        }
      })
    })
    parser.on("field", (name: string | undefined) =>
      finish(
        refuse(
          400,
          `Unrecognized fields: '${String(name ?? "").slice(0, 100)}'`
        )
      )
    )
    parser.on("partsLimit", () =>
      finish(refuse(400, "file: send one part, the field 'file'"))
    )
    parser.on("filesLimit", () => finish(refuse(400, "file: send one file")))
    parser.on("fieldsLimit", () =>
      finish(refuse(400, "Unrecognized fields: only 'file' is accepted"))
    )
    parser.on("error", () =>
      finish(refuse(400, "file: the multipart body could not be read"))
    )
    parser.on("close", () => {
      if (!seenFile) {
        return finish(refuse(400, "Field 'file' is required"))
      }
      if (size === 0) {
        return finish(refuse(400, "file: the receipt is empty"))
      }
      if (!type) {
        return finish(
          refuse(400, "file: must be a JPEG, PNG, PDF, WebP or HEIF/HEIC file")
        )
      }
      finish({ ok: true, bytes: Buffer.concat(chunks), type })
    })
    req.on("aborted", () =>
      finish(refuse(400, "file: the upload was interrupted"))
    )
    req.pipe(parser)
  })
}

/** Reads and discards the rest of a refused body (also one the route refuses unread), then cuts the connection if it keeps coming. */
export function drain(req: IncomingMessage): void {
  let discarded = 0
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > DRAIN_LIMIT) {
      req.destroy()
    }
  })
  req.resume()
}
