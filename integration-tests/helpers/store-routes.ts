import type { AxiosResponse } from "axios"

/**
 * Awaits a request that must fail with `status`; checks the error message names what it should.
 * Returns the response for further checks.
 */
export async function expectRejected(
  request: Promise<AxiosResponse>,
  status: number,
  message?: RegExp
): Promise<AxiosResponse> {
  let response: AxiosResponse | undefined
  try {
    response = await request
  } catch (err: any) {
    if (!err.response) {
      throw err
    }
    response = err.response as AxiosResponse
  }
  if (response.status !== status) {
    throw new Error(
      `expected HTTP ${status}, got ${response.status}: ${JSON.stringify(response.data)}`
    )
  }
  if (message) {
    expect(String(response.data?.message ?? "")).toMatch(message)
  }
  return response
}

/** The status and message of a request that must be refused, for a test to compare whole. */
export async function refused(
  request: Promise<unknown>
): Promise<{ status: number | undefined; message: string }> {
  const error = await request.then(
    () => {
      throw new Error("the request was accepted")
    },
    (e) => e
  )
  return {
    status: error.response?.status,
    message: String(error.response?.data?.message ?? ""),
  }
}

/** The smallest PNG header the service's type check recognises, followed by `size - 8` filler bytes. */
export function pngBytes(size = 256): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 16), 0x41)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0)
  return bytes
}

/** A multipart body with one part per entry, as a browser sends it. */
export function multipartForm(
  parts: Array<{
    name: string
    filename?: string
    type?: string
    bytes: Buffer
  }>
) {
  const form = new FormData()
  for (const part of parts) {
    const blob = new Blob([new Uint8Array(part.bytes)], {
      type: part.type ?? "application/octet-stream",
    })
    if (part.filename) {
      form.append(part.name, blob, part.filename)
    } else {
      form.append(part.name, part.bytes.toString("latin1"))
    }
  }
  return form
}

/**
 * Posts a multipart body of one file part with chunked transfer encoding (no Content-Length), so the
 * server can only find out the size by reading: what a client that hides the size does.
 */
export function postChunkedFile(
  url: string,
  headers: Record<string, string>,
  file: { filename: string; type: string; size: number; head: Buffer }
): Promise<{ status: number; body: any }> {
  // Required lazily: the test file's imports stay the usual ones.
  const http = require("node:http") as typeof import("node:http")
  const boundary = `----piastrix${Date.now()}`
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "transfer-encoding": "chunked",
      },
    })
    req.on("response", (res) => {
      let text = ""
      res.setEncoding("utf8")
      res.on("data", (c) => (text += c))
      res.on("end", () => {
        let body: unknown = text
        try {
          body = JSON.parse(text)
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, body })
        req.destroy()
      })
    })
    // The server may answer and stop reading before the body is sent in full.
    req.on("error", (err: NodeJS.ErrnoException) =>
      err.code === "EPIPE" || err.code === "ECONNRESET"
        ? undefined
        : reject(err)
    )
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`
    )
    req.write(file.head)
    const chunk = Buffer.alloc(256 * 1024, 0x41)
    let sent = file.head.length
    const pump = () => {
      while (sent < file.size) {
        const n = Math.min(chunk.length, file.size - sent)
        sent += n
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once("drain", pump)
          return
        }
      }
      req.end(`\r\n--${boundary}--\r\n`)
    }
    pump()
  })
}
