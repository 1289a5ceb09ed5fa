/**
 * Reads the top-level fields of a JSON object while keeping the source text of every value that is
 * not a string. `JSON.parse` turns the number literal `1.00` into the JS number 1, which would sign
 * as "1" instead of the "1.00" the service signed; Node 20 has no `context.source` in revivers.
 */

export type JsonFieldType =
  "string" | "number" | "boolean" | "null" | "object" | "array"

export type JsonField = {
  key: string
  type: JsonFieldType
  /**
   * The value as the service would have signed it: the decoded text of a string, the source text of
   * a number, boolean, object or array, and null for `null`.
   */
  text: string | null
  /** The parsed value of an object or array (nested values are not signed one by one). */
  parsed?: unknown
}

export type JsonScan =
  { ok: true; fields: JsonField[] } | { ok: false; detail: string }

const WHITESPACE = new Set([" ", "\t", "\n", "\r"])

function skipWhitespace(text: string, from: number): number {
  let i = from
  while (i < text.length && WHITESPACE.has(text[i])) {
    i++
  }
  return i
}

function endOfString(text: string, start: number): number {
  let i = start + 1
  while (i < text.length) {
    if (text[i] === "\\") {
      i += 2
    } else if (text[i] === '"') {
      return i + 1
    } else {
      i++
    }
  }
  return text.length
}

function endOfContainer(text: string, start: number): number {
  let depth = 0
  let i = start
  while (i < text.length) {
    const c = text[i]
    if (c === '"') {
      i = endOfString(text, i)
      continue
    }
    if (c === "{" || c === "[") {
      depth++
    } else if (c === "}" || c === "]") {
      depth--
      if (depth === 0) {
        return i + 1
      }
    }
    i++
  }
  return text.length
}

function endOfLiteral(text: string, start: number): number {
  let i = start
  while (
    i < text.length &&
    !WHITESPACE.has(text[i]) &&
    text[i] !== "," &&
    text[i] !== "}"
  ) {
    i++
  }
  return i
}

function readValue(
  text: string,
  start: number
): { end: number; field: Omit<JsonField, "key"> } {
  const c = text[start]
  if (c === '"') {
    const end = endOfString(text, start)
    return {
      end,
      field: {
        type: "string",
        text: JSON.parse(text.slice(start, end)) as string,
      },
    }
  }
  if (c === "{" || c === "[") {
    const end = endOfContainer(text, start)
    const source = text.slice(start, end)
    return {
      end,
      field: {
        type: c === "{" ? "object" : "array",
        text: source,
        parsed: JSON.parse(source),
      },
    }
  }
  const end = endOfLiteral(text, start)
  const source = text.slice(start, end)
  if (source === "null") {
    return { end, field: { type: "null", text: null } }
  }
  if (source === "true" || source === "false") {
    return { end, field: { type: "boolean", text: source } }
  }
  return { end, field: { type: "number", text: source } }
}

/**
 * Scans a JSON document that must be an object. Never throws: anything that is not a valid JSON
 * object comes back as `{ ok: false, detail }`. Duplicate keys are returned as they appear, so the
 * caller can refuse them.
 */
export function scanJsonObject(text: string): JsonScan {
  let document: unknown
  try {
    // Validation first: the scanner below may then assume well-formed input.
    document = JSON.parse(text)
  } catch {
    return { ok: false, detail: "the body is not valid JSON" }
  }
  if (
    document === null ||
    typeof document !== "object" ||
    Array.isArray(document)
  ) {
    return { ok: false, detail: "the JSON body is not an object" }
  }

  try {
    const fields: JsonField[] = []
    let i = skipWhitespace(text, 0) + 1
    i = skipWhitespace(text, i)
    while (i < text.length && text[i] !== "}") {
      const keyEnd = endOfString(text, i)
      const key = JSON.parse(text.slice(i, keyEnd)) as string
      i = skipWhitespace(text, keyEnd) + 1
      i = skipWhitespace(text, i)
      const { end, field } = readValue(text, i)
      fields.push({ key, ...field })
      i = skipWhitespace(text, end)
      if (text[i] === ",") {
        i = skipWhitespace(text, i + 1)
      }
    }
    if (i >= text.length) {
      return { ok: false, detail: "the JSON body could not be read" }
    }
    return { ok: true, fields }
  } catch {
    // Unreachable for input JSON.parse accepted; kept so the promise "never throws" holds regardless.
    return { ok: false, detail: "the JSON body could not be read" }
  }
}
