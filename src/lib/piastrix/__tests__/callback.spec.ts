import fc from "fast-check"
import { fixedSeed } from "../../../../integration-tests/helpers/fuzz"
import {
  createCallbackVerifier,
  verifyCallback,
  type CallbackVerification,
} from "../callback"
import { signCallback } from "../sign"

const SECRET = "SecretKey01"
const FORM = "application/x-www-form-urlencoded"

// The real notification logged in a public log (2021); docs/service-facts.md#callbacks.
const V7_FIELDS: Record<string, string> = {
  status: "success",
  shop_id: "5109",
  shop_order_id: "5144451902",
  shop_amount: "1.00",
  shop_currency: "978",
  client_price: "1.00",
  ps_currency: "978",
  payway: "card_rub",
  payment_id: "5144451902",
  created: "2021-05-21 03:32:29",
  processed: "2021-05-21 03:32:29",
  ps_data: '{"ps_payer_account": "537541XXXXXX7424"}',
  payer_account: "payer@example.com",
  description: "",
}
const V7_SIGN =
  "a47f3fc514dceb239f89260cf2c22672298164195484d1b44c01af07323a88c6"
const V7_SIGN_WITH_EMPTY_FIELD =
  "cab61104447848e0bd959bf06f6c59f3dacca95a4fc5dfeb61db237a3b7e633e"

const verify = createCallbackVerifier({ secretKey: SECRET, shopId: 5109 })

function form(fields: Record<string, string>): Buffer {
  return Buffer.from(new URLSearchParams(fields).toString(), "utf8")
}

function signed(
  fields: Record<string, string>,
  secret = SECRET
): Record<string, string> {
  return { ...fields, sign: signCallback(fields, secret) }
}

function expectFailure(result: CallbackVerification) {
  if (result.ok) {
    throw new Error("expected the notification to be refused")
  }
  return result
}

function expectNotification(result: CallbackVerification) {
  if (!result.ok) {
    throw new Error(
      `expected a verified notification, got ${JSON.stringify(result)}`
    )
  }
  return result.notification
}

describe("callback verification", () => {
  describe("form-encoded notifications", () => {
    it("accepts the service's published notification with its sign (vector V7)", () => {
      const body = form({ ...V7_FIELDS, sign: V7_SIGN })
      const n = expectNotification(
        verify({ body, contentType: `${FORM}; charset=UTF-8` })
      )

      expect(n.status).toBe("success")
      expect(n.outcome).toBe("success")
      expect(n.shop_id).toBe("5109")
      expect(n.shop_order_id).toBe("5144451902")
      expect(n.shop_amount).toBe("1.00")
      expect(n.shop_currency).toBe("978")
      expect(n.client_price).toBe("1.00")
      expect(n.payment_id).toBe("5144451902")
      expect(n.ps_data).toEqual({ ps_payer_account: "537541XXXXXX7424" })
      expect(n.ps_data_raw).toBe('{"ps_payer_account": "537541XXXXXX7424"}')
      expect(n.description).toBeUndefined()
      expect(n.raw.description).toBe("")
      expect(n.raw).not.toHaveProperty("sign")
    })

    it("refuses a sign that wrongly covered the empty field (V7 negative)", () => {
      const body = form({ ...V7_FIELDS, sign: V7_SIGN_WITH_EMPTY_FIELD })
      expect(verify({ body, contentType: FORM })).toEqual({
        ok: false,
        reason: "bad_signature",
      })
    })

    it("leaves empty fields out of the sign wherever they appear", () => {
      const fields = { ...V7_FIELDS, phone: "", addons: "" }
      const n = expectNotification(
        verify({ body: form({ ...fields, sign: V7_SIGN }), contentType: FORM })
      )
      expect(n.fields).toEqual({ phone: "", addons: "" })
    })

    it("keeps a field holding '0' in the sign, as the official SDK does", () => {
      const fields = { ...V7_FIELDS, shop_refund: "0" }
      const withZero = signCallback(fields, SECRET)
      expect(withZero).not.toBe(V7_SIGN)
      expect(
        verify({ body: form({ ...fields, sign: withZero }), contentType: FORM })
          .ok
      ).toBe(true)
      expect(
        verify({ body: form({ ...fields, sign: V7_SIGN }), contentType: FORM })
      ).toEqual({
        ok: false,
        reason: "bad_signature",
      })
    })

    it("accepts a sign written in uppercase hex", () => {
      const body = form({ ...V7_FIELDS, sign: V7_SIGN.toUpperCase() })
      expect(verify({ body, contentType: FORM }).ok).toBe(true)
    })

    it("refuses a notification whose amount was changed after signing", () => {
      const body = form({ ...V7_FIELDS, shop_amount: "100.00", sign: V7_SIGN })
      expect(verify({ body, contentType: FORM })).toEqual({
        ok: false,
        reason: "bad_signature",
      })
    })

    it("refuses a notification with a field added after signing", () => {
      const body = form({ ...V7_FIELDS, shop_refund: "1.00", sign: V7_SIGN })
      expect(verify({ body, contentType: FORM })).toEqual({
        ok: false,
        reason: "bad_signature",
      })
    })

    it("refuses a notification signed with another secret", () => {
      const body = form(signed(V7_FIELDS, "another-secret"))
      expect(verify({ body, contentType: FORM })).toEqual({
        ok: false,
        reason: "bad_signature",
      })
    })

    it("says the sign is missing when there is none, or it is empty", () => {
      expect(verify({ body: form(V7_FIELDS), contentType: FORM })).toEqual({
        ok: false,
        reason: "missing_sign",
      })
      expect(
        verify({ body: form({ ...V7_FIELDS, sign: "" }), contentType: FORM })
      ).toEqual({
        ok: false,
        reason: "missing_sign",
      })
    })

    it("verifies and returns unicode values exactly as sent", () => {
      const fields = {
        ...V7_FIELDS,
        shop_order_id: "заказ-7",
        description: "Оплата заказа №7 — ✓ 😀",
        payer_account: "Zoë & Ümit+1@example.com",
      }
      const n = expectNotification(
        verify({ body: form(signed(fields)), contentType: FORM })
      )
      expect(n.shop_order_id).toBe("заказ-7")
      expect(n.description).toBe("Оплата заказа №7 — ✓ 😀")
      expect(n.payer_account).toBe("Zoë & Ümit+1@example.com")
    })

    it("accepts the body as a string as well as bytes", () => {
      const body = new URLSearchParams({
        ...V7_FIELDS,
        sign: V7_SIGN,
      }).toString()
      expect(verify({ body, contentType: FORM }).ok).toBe(true)
    })
  })

  describe("JSON notifications", () => {
    const JSON_TYPE = "application/json"

    it("accepts a JSON notification with string values", () => {
      const body = JSON.stringify({ ...V7_FIELDS, sign: V7_SIGN })
      const n = expectNotification(
        verify({ body, contentType: `${JSON_TYPE}; charset=utf-8` })
      )
      expect(n.shop_amount).toBe("1.00")
      expect(n.ps_data).toEqual({ ps_payer_account: "537541XXXXXX7424" })
    })

    it('verifies the JSON number 1.00 as "1.00", not "1"', () => {
      const body =
        '{"status":"success","shop_id":5109,"shop_order_id":"5144451902","shop_amount":1.00,' +
        '"shop_currency":978,"client_price":1.00,"ps_currency":978,"payway":"card_rub",' +
        '"payment_id":5144451902,"created":"2021-05-21 03:32:29","processed":"2021-05-21 03:32:29",' +
        '"ps_data":"{\\"ps_payer_account\\": \\"537541XXXXXX7424\\"}","payer_account":"payer@example.com",' +
        `"description":"","sign":"${V7_SIGN}"}`
      const n = expectNotification(verify({ body, contentType: JSON_TYPE }))
      expect(n.shop_amount).toBe("1.00")
      expect(n.client_price).toBe("1.00")
      expect(n.shop_id).toBe("5109")
    })

    it('refuses a JSON notification signed over "1" when the body says 1.00', () => {
      const fields = { ...V7_FIELDS, shop_amount: "1", client_price: "1" }
      const sign = signCallback(fields, SECRET)
      const body = JSON.stringify({ ...V7_FIELDS, sign }).replace(
        /"(shop_amount|client_price)":"1.00"/g,
        '"$1":1.00'
      )
      expect(body).toContain('"shop_amount":1.00')
      expect(verify({ body, contentType: JSON_TYPE })).toEqual({
        ok: false,
        reason: "bad_signature",
      })
    })

    it("leaves JSON null values out of the sign and reports them as null", () => {
      const fields = { ...V7_FIELDS }
      delete (fields as Record<string, string>).description
      const body = JSON.stringify({
        ...fields,
        description: null,
        phone: null,
        sign: V7_SIGN,
      })
      const n = expectNotification(verify({ body, contentType: JSON_TYPE }))
      expect(n.raw.description).toBeNull()
      expect(n.raw.phone).toBeNull()
      expect(n.fields).not.toHaveProperty("phone")
    })

    it("verifies unicode values whether sent raw or as \\u escapes", () => {
      const fields = { ...V7_FIELDS, description: "Оплата №7 ✓" }
      const sign = signCallback(fields, SECRET)
      const rawUnicode = JSON.stringify({ ...fields, sign })
      const escaped = rawUnicode.replace(
        // eslint-disable-next-line no-control-regex -- every character outside ASCII, from NUL up
        /[^\x00-\x7f]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
      )
      expect(escaped).not.toBe(rawUnicode)
      for (const body of [
        rawUnicode,
        escaped,
        Buffer.from(rawUnicode, "utf8"),
      ]) {
        const n = expectNotification(verify({ body, contentType: JSON_TYPE }))
        expect(n.description).toBe("Оплата №7 ✓")
      }
    })

    it("signs an inlined ps_data object as its exact source text and returns it parsed", () => {
      const psData =
        '{"ps_payer_account": "537541XXXXXX7424", "user": {"id": 7}}'
      const fields = { ...V7_FIELDS, ps_data: psData }
      const sign = signCallback(fields, SECRET)
      const body = JSON.stringify({
        ...V7_FIELDS,
        ps_data: "@PS@",
        sign,
      }).replace('"@PS@"', psData)
      const n = expectNotification(verify({ body, contentType: JSON_TYPE }))
      expect(n.ps_data).toEqual({
        ps_payer_account: "537541XXXXXX7424",
        user: { id: 7 },
      })
      expect(n.ps_data_raw).toBe(psData)

      // Re-serialised differently (no spaces), the same object no longer matches the sign.
      const compact = body.replace(psData, JSON.stringify(JSON.parse(psData)))
      expect(verify({ body: compact, contentType: JSON_TYPE })).toEqual({
        ok: false,
        reason: "bad_signature",
      })
    })

    it("refuses a JSON body whose fields repeat, naming the field", () => {
      const body = JSON.stringify({ ...V7_FIELDS, sign: V7_SIGN }).replace(
        '"status":"success"',
        '"status":"rejected","status":"success"'
      )
      const failure = expectFailure(verify({ body, contentType: JSON_TYPE }))
      expect(failure.reason).toBe("malformed_body")
      expect(failure).toMatchObject({
        detail: expect.stringContaining('"status"'),
      })
    })
  })

  describe("content type", () => {
    it("reads a body without Content-Type that starts with { as JSON", () => {
      const body = `  ${JSON.stringify({ ...V7_FIELDS, sign: V7_SIGN })}`
      expect(verify({ body }).ok).toBe(true)
      expect(verify({ body, contentType: null }).ok).toBe(true)
    })

    it("reads a body without Content-Type that does not start with { as a form", () => {
      expect(verify({ body: form({ ...V7_FIELDS, sign: V7_SIGN }) }).ok).toBe(
        true
      )
    })

    it("trusts the Content-Type over the look of the body", () => {
      const body = JSON.stringify({ ...V7_FIELDS, sign: V7_SIGN })
      expect(verify({ body, contentType: FORM })).toEqual({
        ok: false,
        reason: "missing_sign",
      })
    })

    it("refuses a multipart body as unsupported", () => {
      const failure = expectFailure(
        verify({
          body: "--x\r\n",
          contentType: "multipart/form-data; boundary=x",
        })
      )
      expect(failure).toMatchObject({
        reason: "malformed_body",
        detail: expect.stringContaining("multipart"),
      })
    })
  })

  describe("what the signature proves, and what it does not", () => {
    it("refuses a correctly signed notification for another shop", () => {
      const other = createCallbackVerifier({ secretKey: SECRET, shopId: "777" })
      expect(
        other({
          body: form({ ...V7_FIELDS, sign: V7_SIGN }),
          contentType: FORM,
        })
      ).toEqual({
        ok: false,
        reason: "wrong_shop",
        shopId: "5109",
      })
    })

    it("names a required field the signed notification lacks", () => {
      for (const field of [
        "shop_amount",
        "shop_order_id",
        "shop_currency",
        "shop_id",
        "status",
        "payment_id",
      ]) {
        const fields = { ...V7_FIELDS }
        delete fields[field]
        expect(
          verify({ body: form(signed(fields)), contentType: FORM })
        ).toEqual({
          ok: false,
          reason: "missing_field",
          field,
        })
      }
    })

    describe("colons moved between signed fields", () => {
      // The sign covers the values joined with ":" and no keys. Every re-cut of V7's joined string
      // across the fields signs exactly like the real notification; none may name another payment,
      // amount or status than the real one.
      const CANDIDATE_KEYS = [
        ...Object.keys(V7_FIELDS),
        "shop_refund",
        "shop_original_amount",
      ]
      const presentEntries = (f: Record<string, string>) =>
        Object.keys(f)
          .filter((k) => f[k] !== "")
          .sort()
          .map((k) => [k, f[k]] as const)

      /** Every way to move one colon-separated piece across one field boundary, or into an absent field. */
      function shifted(original: Record<string, string>) {
        const variants: Record<string, string>[] = []
        const entries = presentEntries(original)
        const without = (f: Record<string, string>, key: string) => {
          const copy = { ...f }
          delete copy[key]
          return copy
        }
        entries.forEach(([key, value], i) => {
          const next = entries[i + 1]
          if (next) {
            // Merge two neighbours into either key.
            variants.push({
              ...without(original, next[0]),
              [key]: `${value}:${next[1]}`,
            })
            variants.push({
              ...without(original, key),
              [next[0]]: `${value}:${next[1]}`,
            })
          }
          value.split("").forEach((ch, at) => {
            if (ch !== ":") {
              return
            }
            const left = value.slice(0, at)
            const right = value.slice(at + 1)
            if (next) {
              variants.push({
                ...original,
                [key]: left,
                [next[0]]: `${right}:${next[1]}`,
              })
            }
            const prev = entries[i - 1]
            if (prev) {
              variants.push({
                ...original,
                [prev[0]]: `${prev[1]}:${left}`,
                [key]: right,
              })
            }
            // Split into a field that is absent and sorts next to this one.
            for (const extra of CANDIDATE_KEYS.filter((k) => !original[k])) {
              const keys = [...entries.map(([k]) => k), extra].sort()
              const pos = keys.indexOf(extra)
              if (keys[pos - 1] === key) {
                variants.push({ ...original, [key]: left, [extra]: right })
              } else if (keys[pos + 1] === key) {
                variants.push({ ...original, [extra]: left, [key]: right })
              }
            }
          })
        })
        return variants
      }

      it("refuses the two shifts found on a real callback: payway moved into payment_id, and the hour of processed moved", () => {
        const intoPaymentId = {
          ...V7_FIELDS,
          payment_id: `${V7_FIELDS.payment_id}:${V7_FIELDS.payway}`,
        }
        delete (intoPaymentId as Record<string, string>).payway
        const hourMoved = {
          ...V7_FIELDS,
          payway: `${V7_FIELDS.payway}:2021-05-21 03`,
          processed: "32:29",
        }
        for (const [fields, field] of [
          [intoPaymentId, "payment_id"],
          [hourMoved, "payway"],
        ] as const) {
          expect(signCallback(fields, SECRET)).toBe(V7_SIGN)
          expect(
            verify({
              body: form({ ...fields, sign: V7_SIGN }),
              contentType: FORM,
            })
          ).toMatchObject({ ok: false, reason: "invalid_field", field })
        }
      })

      it("lets no re-cut of a real callback through with another identity or amount", () => {
        const variants = shifted(V7_FIELDS)
        expect(variants.length).toBeGreaterThan(30)
        const real = expectNotification(
          verify({
            body: form({ ...V7_FIELDS, sign: V7_SIGN }),
            contentType: FORM,
          })
        )
        // Everything the plugin acts on or shows. `created` is left out: it is stored, never acted on,
        // and the free text after it (payer_account, description) can take it over whole.
        const identity = (n: typeof real) => ({
          shop_order_id: n.shop_order_id,
          payment_id: n.payment_id,
          status: n.status,
          shop_amount: n.shop_amount,
          shop_currency: n.shop_currency,
          shop_refund: n.shop_refund,
          client_price: n.client_price,
          ps_currency: n.ps_currency,
          payway: n.payway,
          processed: n.processed,
        })
        let refused = 0
        for (const fields of variants) {
          // Each variant signs exactly as the real notification: the signature cannot tell them apart.
          expect(signCallback(fields, SECRET)).toBe(V7_SIGN)
          const result = verify({
            body: form({ ...fields, sign: V7_SIGN }),
            contentType: FORM,
          })
          if (result.ok) {
            expect(identity(result.notification)).toEqual(identity(real))
          } else {
            refused++
          }
        }
        expect(refused).toBeGreaterThan(variants.length / 2)
      })
    })

    it("treats an empty required field as missing", () => {
      const fields = { ...V7_FIELDS, shop_amount: "" }
      expect(verify({ body: form(signed(fields)), contentType: FORM })).toEqual(
        {
          ok: false,
          reason: "missing_field",
          field: "shop_amount",
        }
      )
    })

    it("checks the signature before looking at the fields", () => {
      const fields = { ...V7_FIELDS }
      delete fields.shop_amount
      const body = form({ ...fields, sign: "0".repeat(64) })
      expect(verify({ body, contentType: FORM })).toEqual({
        ok: false,
        reason: "bad_signature",
      })
    })

    it("refuses an amount that is not a decimal string, naming the field", () => {
      const fields = { ...V7_FIELDS, shop_amount: "1,00" }
      const failure = expectFailure(
        verify({ body: form(signed(fields)), contentType: FORM })
      )
      expect(failure).toMatchObject({
        reason: "invalid_field",
        field: "shop_amount",
      })
    })

    it("keeps an unknown status as sent and marks its outcome as other", () => {
      const n = expectNotification(
        verify({
          body: form(signed({ ...V7_FIELDS, status: "cancel" })),
          contentType: FORM,
        })
      )
      expect(n.status).toBe("cancel")
      expect(n.outcome).toBe("other")
    })

    it("reports a rejected payment as rejected", () => {
      const n = expectNotification(
        verify({
          body: form(signed({ ...V7_FIELDS, status: "rejected" })),
          contentType: FORM,
        })
      )
      expect(n.outcome).toBe("rejected")
    })

    it("keeps unknown fields as strings in `fields`", () => {
      const fields = { ...V7_FIELDS, payer_id: "42", addons: '{"a":1}' }
      const n = expectNotification(
        verify({ body: form(signed(fields)), contentType: FORM })
      )
      expect(n.fields).toEqual({ payer_id: "42", addons: '{"a":1}' })
    })

    it("keeps ps_data raw when it is JSON but not an object, and null when the service sent null", () => {
      const odd = expectNotification(
        verify({
          body: form(signed({ ...V7_FIELDS, ps_data: '["a"]' })),
          contentType: FORM,
        })
      )
      expect(odd.ps_data).toBeUndefined()
      expect(odd.ps_data_raw).toBe('["a"]')
      const none = expectNotification(
        verify({
          body: form(signed({ ...V7_FIELDS, ps_data: "null" })),
          contentType: FORM,
        })
      )
      expect(none.ps_data).toBeNull()
    })

    it("refuses a signed ps_data that is not JSON: it may hold a neighbour's text", () => {
      expect(
        verify({
          body: form(signed({ ...V7_FIELDS, ps_data: '{\\"broken' })),
          contentType: FORM,
        })
      ).toMatchObject({ ok: false, reason: "invalid_field", field: "ps_data" })
    })
  })

  describe("bad input", () => {
    it.each([
      ["invalid JSON", '{"status":', "application/json"],
      ["a JSON array", "[1,2]", "application/json"],
      ["a JSON string", '"text"', "application/json"],
      ["an empty body", "", FORM],
      ["a blank body", "  \n", "application/json"],
    ])("refuses %s as a malformed body", (_name, body, contentType) => {
      expect(expectFailure(verify({ body, contentType })).reason).toBe(
        "malformed_body"
      )
    })

    it("refuses bytes that are not UTF-8", () => {
      const body = Buffer.from([0x73, 0x69, 0x67, 0x6e, 0x3d, 0xff, 0xfe])
      expect(verify({ body, contentType: FORM })).toMatchObject({
        ok: false,
        reason: "malformed_body",
        detail: expect.stringContaining("UTF-8"),
      })
    })

    it("refuses a body over the size limit unread", () => {
      const small = createCallbackVerifier({
        secretKey: SECRET,
        shopId: 5109,
        maxBodyBytes: 100,
      })
      const body = form({ ...V7_FIELDS, sign: V7_SIGN })
      expect(body.length).toBeGreaterThan(100)
      expect(small({ body, contentType: FORM })).toMatchObject({
        ok: false,
        reason: "malformed_body",
        detail: expect.stringContaining("larger than 100 bytes"),
      })
    })

    it("refuses a form body with a repeated field", () => {
      const body = `${form({ ...V7_FIELDS, sign: V7_SIGN }).toString()}&shop_amount=100.00`
      expect(verify({ body, contentType: FORM })).toMatchObject({
        ok: false,
        reason: "malformed_body",
        detail: expect.stringContaining('"shop_amount"'),
      })
    })

    it("never throws, whatever the body holds", () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.json(),
            fc.uint8Array().map((a) => Buffer.from(a))
          ),
          fc.constantFrom(
            undefined,
            FORM,
            "application/json",
            "text/plain",
            "image/png"
          ),
          (body, contentType) => {
            const result = verify({ body, contentType })
            expect(result.ok).toBe(false)
          }
        ),
        fixedSeed({ numRuns: 500 })
      )
    })

    it("accepts none of 1,200 generated tampers of valid signed notifications (fixed seed)", () => {
      // A valid notification of the shop, then one change a forger could make without the secret key.
      const amount = fc
        .integer({ min: 1, max: 10_000_000 })
        .map((c) => (c / 100).toFixed(2))
      const valid = fc.record({
        status: fc.constantFrom("success", "rejected"),
        shop_order_id: fc.stringMatching(/^[a-zA-Z0-9_-]{1,40}$/),
        shop_amount: amount,
        payment_id: fc.integer({ min: 1, max: 2 ** 31 }).map(String),
        payer_account: fc.constantFrom("", "201494711279", "payer@example.com"),
      })
      const keys = [
        "status",
        "shop_order_id",
        "shop_amount",
        "payment_id",
        "shop_currency",
        "processed",
      ] as const
      const tamper = fc.oneof(
        // change one signed value (the sign stays the original one)
        fc.record({
          kind: fc.constant("change" as const),
          key: fc.constantFrom(...keys),
          value: fc.string({ minLength: 1, maxLength: 12 }),
        }),
        // add a field the signature did not cover
        fc.record({
          kind: fc.constant("add" as const),
          key: fc.stringMatching(/^[a-z_]{3,12}$/),
          value: fc.string({ minLength: 1, maxLength: 12 }),
        }),
        // drop a signed field
        fc.record({
          kind: fc.constant("drop" as const),
          key: fc.constantFrom(...keys),
          value: fc.constant(""),
        }),
        // re-sign with another key, or alter the sign itself
        fc.record({
          kind: fc.constant("resign" as const),
          key: fc.constant("sign"),
          value: fc.string({ minLength: 1, maxLength: 20 }),
        }),
        fc.record({
          kind: fc.constant("flip" as const),
          key: fc.constant("sign"),
          value: fc.integer({ min: 0, max: 63 }).map(String),
        })
      )
      fc.assert(
        fc.property(valid, tamper, (v, t) => {
          const fields: Record<string, string> = {
            ...v,
            shop_id: "5109",
            shop_currency: "643",
            processed: "2026-11-22 10:01:00",
          }
          const genuine = signed(fields)
          expect(verify({ body: form(genuine), contentType: FORM }).ok).toBe(
            true
          )
          let forged: Record<string, string>
          switch (t.kind) {
            case "change":
              fc.pre(genuine[t.key] !== t.value)
              forged = { ...genuine, [t.key]: t.value }
              break
            case "add":
              fc.pre(!(t.key in genuine))
              forged = { ...genuine, [t.key]: t.value }
              break
            case "drop": {
              fc.pre(genuine[t.key] !== "")
              const { [t.key]: _dropped, ...rest } = genuine
              forged = rest
              break
            }
            case "resign":
              fc.pre(t.value !== SECRET)
              forged = signed(fields, t.value)
              break
            case "flip": {
              const i = Number(t.value)
              const c = genuine.sign[i]
              forged = {
                ...genuine,
                sign:
                  genuine.sign.slice(0, i) +
                  (c === "0" ? "1" : "0") +
                  genuine.sign.slice(i + 1),
              }
              break
            }
          }
          expect(verify({ body: form(forged), contentType: FORM }).ok).toBe(
            false
          )
        }),
        fixedSeed({ numRuns: 1200 })
      )
    })

    it("never throws for odd input shapes", () => {
      const odd: unknown[] = [
        null,
        undefined,
        42,
        { body: 42 },
        { body: null },
        { fields: null },
        { fields: [] },
      ]
      for (const input of odd) {
        expect(verify(input as never).ok).toBe(false)
      }
    })
  })

  describe("already-parsed fields", () => {
    it("verifies string fields a body parser produced", () => {
      expect(verify({ fields: { ...V7_FIELDS, sign: V7_SIGN } }).ok).toBe(true)
    })

    it("accepts whole numbers, which render the same everywhere", () => {
      const fields = {
        ...V7_FIELDS,
        shop_id: 5109,
        shop_currency: 978,
        sign: V7_SIGN,
      }
      expect(verify({ fields }).ok).toBe(true)
    })

    it("cannot verify 1.00 once a JSON parser made it 1: the raw body is needed", () => {
      const fields = {
        ...V7_FIELDS,
        shop_amount: JSON.parse("1.00"),
        sign: V7_SIGN,
      }
      expect(verify({ fields })).toEqual({ ok: false, reason: "bad_signature" })
    })

    it("refuses a fractional number, whose signed text is lost, pointing to the raw body", () => {
      const fractional = { ...V7_FIELDS, shop_amount: 1.5, sign: V7_SIGN }
      expect(verify({ fields: fractional })).toMatchObject({
        ok: false,
        reason: "malformed_body",
        detail: expect.stringContaining("raw body"),
      })
    })

    it("refuses an object value, whose signed text is lost", () => {
      const fields = {
        ...V7_FIELDS,
        ps_data: { ps_payer_account: "x" },
        sign: V7_SIGN,
      }
      expect(verify({ fields })).toMatchObject({
        ok: false,
        reason: "malformed_body",
      })
    })
  })

  describe("configuration", () => {
    it("refuses to build a verifier without a secret or a shop id", () => {
      expect(() =>
        createCallbackVerifier({ secretKey: "", shopId: 1 })
      ).toThrow(/secretKey/)
      expect(() =>
        createCallbackVerifier({ secretKey: SECRET, shopId: "" })
      ).toThrow(/shopId/)
    })

    it("verifies in one call with verifyCallback", () => {
      const result = verifyCallback(
        { body: form({ ...V7_FIELDS, sign: V7_SIGN }), contentType: FORM },
        { secretKey: SECRET, shopId: "5109" }
      )
      expect(result.ok).toBe(true)
    })
  })
})
