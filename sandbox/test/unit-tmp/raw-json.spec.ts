import { parseRawJson, RawJsonError, toPlain } from "../../src/raw-json"

describe("parseRawJson", () => {
  it("keeps the source text of numbers so 10.00 is not read as 10", () => {
    const value = parseRawJson('{"amount": 10.00, "small": 1e-7, "neg": -0.50}')
    expect(value).toEqual({
      kind: "object",
      entries: {
        amount: { kind: "number", text: "10.00" },
        small: { kind: "number", text: "1e-7" },
        neg: { kind: "number", text: "-0.50" },
      },
    })
  })

  it("decodes escapes in strings and keys", () => {
    const value = parseRawJson('{"shop_order_id": "\\u0437\\u0430\\u043a\\u0430\\u0437-7", "q\\"k": "a\\\\b"}')
    expect(toPlain(value)).toEqual({ shop_order_id: "заказ-7", 'q"k': "a\\b" })
  })

  it("reads nested objects, arrays, booleans and null like JSON.parse", () => {
    const text = '{"a": [1, {"b": true}, null, "x"], "c": {"d": false}, "e": []}'
    expect(toPlain(parseRawJson(text))).toEqual(JSON.parse(text))
  })

  it.each(["", "{", '{"a" 1}', '{"a": 1,}', "[1 2]", '{"a": 01}', '{"a": 1} x', '"unterminated'])(
    "refuses the malformed body %j",
    (text) => {
      expect(() => parseRawJson(text)).toThrow(RawJsonError)
    }
  )
})
