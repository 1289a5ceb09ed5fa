import { createServer, request, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { readReceipt } from "../receipt-stream"

/** A server that answers what readReceipt made of the request body. */
let server: Server
let url = ""

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const read = await readReceipt(req, 1024)
    res.setHeader("content-type", "application/json")
    res.statusCode = read.ok ? 200 : read.status
    res.end(
      JSON.stringify(
        read.ok
          ? { type: read.type.mime, size: read.bytes.length }
          : { message: read.message }
      )
    )
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

const BOUNDARY = "testboundary"

function part(disposition: string, bytes: Buffer) {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: image/png\r\n\r\n`
    ),
    bytes,
    Buffer.from("\r\n"),
  ])
}

function post(
  body: Buffer,
  {
    chunked = false,
    contentType = `multipart/form-data; boundary=${BOUNDARY}`,
  } = {}
) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const headers: Record<string, string | number> = {
      "content-type": contentType,
    }
    if (chunked) {
      headers["transfer-encoding"] = "chunked"
    } else {
      headers["content-length"] = body.length
    }
    const req = request(url, { method: "POST", headers }, (res) => {
      let text = ""
      res.on("data", (c) => (text += c))
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) })
      )
    })
    req.on("error", reject)
    if (chunked) {
      // Several writes, so the server sees the size only as it reads.
      for (let i = 0; i < body.length; i += 100) {
        req.write(body.subarray(i, i + 100))
      }
      req.end()
    } else {
      req.end(body)
    }
  })
}

const png = (size: number) => {
  const bytes = Buffer.alloc(size, 0x41)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes)
  return bytes
}
const end = Buffer.from(`--${BOUNDARY}--\r\n`)

describe("readReceipt", () => {
  it("accepts a file of exactly the limit, recognised by its content", async () => {
    const res = await post(
      Buffer.concat([
        part('form-data; name="file"; filename="x.bin"', png(1024)),
        end,
      ])
    )
    expect(res).toEqual({
      status: 200,
      body: { type: "image/png", size: 1024 },
    })
  })

  it("recognises a file shorter than the sniffing window", async () => {
    const pdf = Buffer.from("%PDF-1.4\n")
    const res = await post(
      Buffer.concat([
        part('form-data; name="file"; filename="r.pdf"', pdf),
        end,
      ])
    )
    expect(res.body).toEqual({ type: "application/pdf", size: pdf.length })
  })

  it("refuses one byte over the limit when the size is only found out by reading", async () => {
    const res = await post(
      Buffer.concat([
        part('form-data; name="file"; filename="x.png"', png(1025)),
        end,
      ]),
      { chunked: true }
    )
    expect(res).toEqual({
      status: 413,
      body: { message: "file: the receipt must be at most 10 MB" },
    })
  })

  it("refuses a declared size far over the limit without reading the body", async () => {
    const res = await post(
      Buffer.concat([
        part('form-data; name="file"; filename="x.png"', png(200 * 1024)),
        end,
      ])
    )
    expect(res.status).toBe(413)
  })

  it("refuses a part without a name instead of failing", async () => {
    const res = await post(
      Buffer.concat([part('form-data; filename="x.png"', png(64)), end])
    )
    expect(res).toEqual({
      status: 400,
      body: { message: "Unrecognized fields: ''" },
    })
  })

  it("refuses a second file", async () => {
    const file = part('form-data; name="file"; filename="x.png"', png(64))
    const res = await post(Buffer.concat([file, file, end]))
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/file/)
  })

  it("refuses a body cut off before its closing boundary", async () => {
    const res = await post(
      part('form-data; name="file"; filename="x.png"', png(64))
    )
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/^file: /)
  })

  it("refuses a body that is not multipart, naming the field", async () => {
    const res = await post(Buffer.from('{"file":"x"}'), {
      contentType: "application/json",
    })
    expect(res).toEqual({
      status: 400,
      body: {
        message:
          "file: send multipart/form-data with the receipt in the field 'file'",
      },
    })
  })
})
