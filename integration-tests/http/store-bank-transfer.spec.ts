import axios from "axios"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  createCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"
import {
  expectRejected,
  multipartForm,
  pngBytes,
  postChunkedFile,
} from "../helpers/store-routes"

jest.setTimeout(120000)

const BANK = "pp_piastrix-bank-transfer_piastrix"
const MB = 1024 * 1024

piastrixIntegrationRunner(({ api, seed, sandbox, medusaUrl }) => {
  const control = (path: string, body: unknown = {}) =>
    axios.post(`${sandbox().url}/__sandbox${path}`, body)
  const state = () => sandbox().sandbox.store.data
  const polls = (sessionId: string) =>
    state().pollCounts[`payment:${sessionId}`] ?? 0

  async function bankSession(payway = "h2h_sbp_rub") {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, BANK, {
      email: "payer@example.com",
      payway,
    })
    return session as { id: string; data: Record<string, any> }
  }

  const requisites = (id: string) =>
    api.get(`/store/piastrix/sessions/${id}/requisites`, storeHeaders(seed()))
  const upload = (id: string, form: FormData) =>
    api.post(
      `/store/piastrix/sessions/${id}/receipt`,
      form,
      storeHeaders(seed())
    )
  const receiptStatus = (id: string) =>
    api.get(
      `/store/piastrix/sessions/${id}/receipt-status`,
      storeHeaders(seed())
    )

  describe("GET /store/piastrix/sessions/:id/requisites", () => {
    it("shows where to send the money once the service assigned requisites", async () => {
      const session = await bankSession()
      await control(`/payments/${session.id}/requisites?by=order`)

      const res = await requisites(session.id)

      expect(res.data).toMatchObject({
        session_id: session.id,
        ready: true,
        reused: false,
        service_status: 2,
        requisites: {
          method: "sbp",
          bank: "Sandbox Bank",
          phone: "+79000000000",
          card: null,
          amount: "1250.5",
          receipt_web: expect.stringContaining("/receipt/"),
        },
      })
      // The service's receipt API addresses stay on the server.
      expect(JSON.stringify(res.data)).not.toMatch(/api\/v1\/order/)
    })

    it("says not ready while the service has not assigned requisites", async () => {
      const session = await bankSession("h2h_bank_rub")
      const res = await requisites(session.id)
      expect(res.data).toMatchObject({
        ready: false,
        requisites: null,
        service_status: 1,
      })
    })

    it("asks the service once when polled twice within 10 s, reusing the answer", async () => {
      const session = await bankSession()
      await control(`/payments/${session.id}/requisites?by=order`)
      const before = polls(session.id)

      const first = await requisites(session.id)
      const second = await requisites(session.id)

      expect(first.data.reused).toBe(false)
      expect(second.data).toMatchObject({
        reused: true,
        ready: true,
        requisites: first.data.requisites,
      })
      expect(polls(session.id) - before).toBe(1)
      expect(
        Date.parse(second.data.next_check_at) -
          Date.parse(first.data.checked_at)
      ).toBeGreaterThanOrEqual(10_000)
      expect(
        state().pollViolations.filter((v) => v.key === `payment:${session.id}`)
      ).toEqual([])
    })

    it("answers 502 when the service fails, and keeps to the polling limit afterwards", async () => {
      const session = await bankSession()
      await control("/faults", {
        type: "http_error",
        path: "/invoice/check",
        status: 500,
      })
      try {
        await expectRejected(requisites(session.id), 502, /payment service/)
        const before = polls(session.id)
        const again = await expectRejected(
          requisites(session.id),
          502,
          /try again/
        )
        expect(again.data.retry_after_ms).toBeGreaterThan(0)
        expect(polls(session.id)).toBe(before)
      } finally {
        await axios.delete(`${sandbox().url}/__sandbox/faults`)
      }
    })

    it("serves only bank-transfer sessions of Piastrix", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_piastrix_piastrix",
        {
          email: "payer@example.com",
          payway: "card_rub",
        }
      )
      await expectRejected(
        requisites(session.id),
        400,
        /id: .* is not a Piastrix bank transfer session/
      )
      await expectRejected(requisites("payses_01UNKNOWN"), 404, /not found/)
      await expectRejected(requisites("x".repeat(300)), 400, /id/)
    })
  })

  describe("POST /store/piastrix/sessions/:id/receipt and GET .../receipt-status", () => {
    it("files a PNG receipt with the service and lists it with its review state", async () => {
      const session = await bankSession()
      await control(`/payments/${session.id}/requisites?by=order`)

      const res = await upload(
        session.id,
        multipartForm([
          {
            name: "file",
            filename: "check.png",
            type: "image/png",
            bytes: pngBytes(4096),
          },
        ])
      )

      expect(res.status).toBe(202)
      expect(res.data).toEqual({
        session_id: session.id,
        accepted: true,
        type: "image/png",
        size: 4096,
      })
      const filed = state().receipts
      expect(filed).toHaveLength(1)
      expect(filed[0]).toMatchObject({
        contentType: "image/png",
        size: 4096,
        status: "pending",
      })

      const listed = await receiptStatus(session.id)
      expect(listed.data).toEqual({
        session_id: session.id,
        receipts: [{ id: filed[0].id, status: "pending", comment: null }],
      })

      await control(`/receipts/${filed[0].id}/status`, {
        status: "rejected",
        comment: "unreadable",
      })
      const reviewed = await receiptStatus(session.id)
      expect(reviewed.data.receipts).toEqual([
        { id: filed[0].id, status: "rejected", comment: "unreadable" },
      ])
    })

    it("refuses a file whose content is not an accepted type, even named .png, without reaching the service", async () => {
      const session = await bankSession()
      await control(`/payments/${session.id}/requisites?by=order`)
      const receipts = state().receipts.length
      const before = polls(session.id)
      const gif = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(512, 1)])

      await expectRejected(
        upload(
          session.id,
          multipartForm([
            {
              name: "file",
              filename: "receipt.png",
              type: "image/png",
              bytes: gif,
            },
          ])
        ),
        400,
        /file.*JPEG, PNG, PDF, WebP or HEIF/
      )

      expect(state().receipts).toHaveLength(receipts)
      expect(polls(session.id)).toBe(before)
    })

    it("refuses an 11 MB receipt before it reaches the service", async () => {
      const session = await bankSession()
      await control(`/payments/${session.id}/requisites?by=order`)
      const receipts = state().receipts.length
      const before = polls(session.id)

      await expectRejected(
        upload(
          session.id,
          multipartForm([
            {
              name: "file",
              filename: "big.png",
              type: "image/png",
              bytes: pngBytes(11 * MB),
            },
          ])
        ),
        413,
        /file.*10 MB/
      )

      expect(state().receipts).toHaveLength(receipts)
      expect(polls(session.id)).toBe(before)
    })

    it("stops reading an oversized receipt sent without a declared size at 10 MB", async () => {
      const session = await bankSession()
      await control(`/payments/${session.id}/requisites?by=order`)
      const receipts = state().receipts.length

      const res = await postChunkedFile(
        `${medusaUrl()}/store/piastrix/sessions/${session.id}/receipt`,
        { "x-publishable-api-key": seed().publishableKey },
        {
          filename: "big.png",
          type: "image/png",
          size: 11 * MB,
          head: pngBytes(16),
        }
      )

      expect(res.status).toBe(413)
      expect(res.body.message).toMatch(/file.*10 MB/)
      expect(state().receipts).toHaveLength(receipts)
    })

    it("answers 400 naming the field for a missing file, extra fields or a body that is not multipart", async () => {
      const session = await bankSession()
      await expectRejected(upload(session.id, new FormData()), 400, /file/)
      await expectRejected(
        upload(
          session.id,
          multipartForm([
            {
              name: "document",
              filename: "a.png",
              type: "image/png",
              bytes: pngBytes(),
            },
          ])
        ),
        400,
        /document/
      )
      await expectRejected(
        upload(
          session.id,
          multipartForm([
            { name: "comment", bytes: Buffer.from("hello") },
            {
              name: "file",
              filename: "a.png",
              type: "image/png",
              bytes: pngBytes(),
            },
          ])
        ),
        400,
        /comment|only 'file'/
      )
      await expectRejected(
        api.post(
          `/store/piastrix/sessions/${session.id}/receipt`,
          { file: "aGVsbG8=" },
          storeHeaders(seed())
        ),
        400,
        /file.*multipart/
      )
      await expectRejected(
        upload(
          session.id,
          multipartForm([
            { name: "file", filename: "e.png", bytes: Buffer.alloc(0) },
          ])
        ),
        400,
        /file/
      )
    })

    it("answers 409 while the payment has no requisites, since no receipt can be filed yet", async () => {
      const session = await bankSession("h2h_bank_rub")
      await expectRejected(
        upload(
          session.id,
          multipartForm([
            {
              name: "file",
              filename: "a.pdf",
              type: "application/pdf",
              bytes: Buffer.from("%PDF-1.7\n%test\n"),
            },
          ])
        ),
        409,
        /requisites/
      )
      const listed = await receiptStatus(session.id)
      expect(listed.data.receipts).toEqual([])
    })

    it("serves only bank-transfer sessions", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_system_default"
      )
      const form = multipartForm([
        {
          name: "file",
          filename: "a.png",
          type: "image/png",
          bytes: pngBytes(),
        },
      ])
      await expectRejected(upload(session.id, form), 404, /not found/)
      await expectRejected(receiptStatus(session.id), 404, /not found/)
    })
  })
})
