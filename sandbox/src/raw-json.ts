/**
 * A JSON reader that keeps the source text of every scalar. The sandbox signs what the body text
 * said: `"amount": 10.00` must be signed as "10.00", but JSON.parse turns it into the JS number 10
 * (Node 20 has no reviver `context.source`).
 */

export type RawValue =
  | { kind: "string"; text: string }
  | { kind: "number"; text: string }
  | { kind: "boolean"; text: string; value: boolean }
  | { kind: "null"; text: "null" }
  | { kind: "object"; entries: Record<string, RawValue> }
  | { kind: "array"; items: RawValue[] }

export class RawJsonError extends Error {}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const WS = /[ \t\n\r]*/y

export function parseRawJson(text: string): RawValue {
  let pos = 0

  const skip = () => {
    WS.lastIndex = pos
    WS.exec(text)
    pos = WS.lastIndex
  }

  const fail = (what: string): never => {
    throw new RawJsonError(`invalid JSON at position ${pos}: ${what}`)
  }

  const readString = (): string => {
    // Find the closing quote, honouring escapes, then let JSON.parse decode the escapes.
    const start = pos
    pos++
    for (;;) {
      const c = text.charCodeAt(pos)
      if (Number.isNaN(c)) {
        fail("unterminated string")
      }
      if (c === 0x5c) {
        pos += 2
        continue
      }
      pos++
      if (c === 0x22) {
        break
      }
    }
    try {
      return JSON.parse(text.slice(start, pos)) as string
    } catch {
      return fail("bad string")
    }
  }

  const readValue = (depth: number): RawValue => {
    if (depth > 64) {
      fail("nested too deeply")
    }
    skip()
    const c = text[pos]
    if (c === '"') {
      return { kind: "string", text: readString() }
    }
    if (c === "{") {
      pos++
      const entries: Record<string, RawValue> = {}
      skip()
      if (text[pos] === "}") {
        pos++
        return { kind: "object", entries }
      }
      for (;;) {
        skip()
        if (text[pos] !== '"') {
          fail("expected a key")
        }
        const key = readString()
        skip()
        if (text[pos] !== ":") {
          fail("expected ':'")
        }
        pos++
        entries[key] = readValue(depth + 1)
        skip()
        if (text[pos] === ",") {
          pos++
          continue
        }
        if (text[pos] === "}") {
          pos++
          return { kind: "object", entries }
        }
        fail("expected ',' or '}'")
      }
    }
    if (c === "[") {
      pos++
      const items: RawValue[] = []
      skip()
      if (text[pos] === "]") {
        pos++
        return { kind: "array", items }
      }
      for (;;) {
        items.push(readValue(depth + 1))
        skip()
        if (text[pos] === ",") {
          pos++
          continue
        }
        if (text[pos] === "]") {
          pos++
          return { kind: "array", items }
        }
        fail("expected ',' or ']'")
      }
    }
    if (text.startsWith("true", pos)) {
      pos += 4
      return { kind: "boolean", text: "true", value: true }
    }
    if (text.startsWith("false", pos)) {
      pos += 5
      return { kind: "boolean", text: "false", value: false }
    }
    if (text.startsWith("null", pos)) {
      pos += 4
      return { kind: "null", text: "null" }
    }
    NUMBER.lastIndex = pos
    const match = NUMBER.exec(text)
    if (match) {
      pos = NUMBER.lastIndex
      return { kind: "number", text: match[0] }
    }
    return fail("unexpected character")
  }

  const value = readValue(0)
  skip()
  if (pos !== text.length) {
    fail("trailing characters")
  }
  return value
}

/** Plain JS value of a raw value (numbers become JS numbers), for fields that are not signed. */
export function toPlain(value: RawValue): unknown {
  switch (value.kind) {
    case "string":
      return value.text
    case "number":
      return Number(value.text)
    case "boolean":
      return value.value
    case "null":
      return null
    case "array":
      return value.items.map(toPlain)
    case "object":
      return Object.fromEntries(Object.entries(value.entries).map(([k, v]) => [k, toPlain(v)]))
  }
}
