import fc from "fast-check"
import { fixedSeed } from "../../../../integration-tests/helpers/fuzz"
import { scanJsonObject, type JsonField } from "../callback-json"

function fieldsOf(text: string): JsonField[] {
  const scan = scanJsonObject(text)
  if (!scan.ok) {
    throw new Error(`expected ${text} to scan, got: ${scan.detail}`)
  }
  return scan.fields
}

describe("scanJsonObject", () => {
  it("keeps the source text of numbers, which JSON.parse would round", () => {
    expect(
      fieldsOf('{"a": 1.00, "b": 10, "c": -0.50, "d": 1e2, "e": 1.10E+3}')
    ).toEqual([
      { key: "a", type: "number", text: "1.00" },
      { key: "b", type: "number", text: "10" },
      { key: "c", type: "number", text: "-0.50" },
      { key: "d", type: "number", text: "1e2" },
      { key: "e", type: "number", text: "1.10E+3" },
    ])
  })

  it("decodes strings, including escapes and unicode", () => {
    const text =
      '{"s": "a\\"b\\\\c\\u00e9\\n", "k\\u0065y": "Оплата ✓", "q": "}],{"}'
    expect(fieldsOf(text)).toEqual([
      { key: "s", type: "string", text: 'a"b\\cé\n' },
      { key: "key", type: "string", text: "Оплата ✓" },
      { key: "q", type: "string", text: "}],{" },
    ])
  })

  it("reports true, false and null by their literal, and null as null", () => {
    expect(fieldsOf('{"t":true,"f":false,"n":null}')).toEqual([
      { key: "t", type: "boolean", text: "true" },
      { key: "f", type: "boolean", text: "false" },
      { key: "n", type: "null", text: null },
    ])
  })

  it("keeps nested objects and arrays as their exact source text, parsed alongside", () => {
    const text = '{ "o" : {"x": [1, {"y": "]}"}]} ,\n"a":[ 1.50, "z" ] }'
    expect(fieldsOf(text)).toEqual([
      {
        key: "o",
        type: "object",
        text: '{"x": [1, {"y": "]}"}]}',
        parsed: { x: [1, { y: "]}" }] },
      },
      { key: "a", type: "array", text: '[ 1.50, "z" ]', parsed: [1.5, "z"] },
    ])
  })

  it("returns repeated keys as they appear, so the caller can refuse them", () => {
    expect(fieldsOf('{"a":"1","a":"2"}').map((f) => f.text)).toEqual(["1", "2"])
  })

  it("reads an empty object and surrounding whitespace", () => {
    expect(fieldsOf(" \r\n\t{ } \n")).toEqual([])
  })

  it.each([
    ["not JSON", "{a:1}"],
    ["a trailing comma", '{"a":1,}'],
    ["an array", "[]"],
    ["a number", "1.00"],
    ["null", "null"],
    ["two documents", '{"a":1}{"b":2}'],
  ])("refuses %s", (_name, text) => {
    expect(scanJsonObject(text).ok).toBe(false)
  })

  it("agrees with JSON.parse on every key and string value of any JSON object", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.boolean(),
        (object, pretty) => {
          const text = JSON.stringify(object, null, pretty ? 2 : undefined)
          const fields = fieldsOf(text)
          const parsed = JSON.parse(text) as Record<string, unknown>
          expect(fields.map((f) => f.key)).toEqual(Object.keys(parsed))
          for (const field of fields) {
            const value = parsed[field.key]
            if (field.type === "string") {
              expect(field.text).toBe(value)
            } else if (field.type === "object" || field.type === "array") {
              expect(field.parsed).toEqual(value)
            } else if (field.type === "null") {
              expect(value).toBeNull()
            } else {
              expect(JSON.parse(field.text as string)).toEqual(value)
            }
          }
        }
      ),
      fixedSeed({ numRuns: 300 })
    )
  })
})
