import { scanJsonObject } from "./callback-json"

/**
 * What a callback route hands to the verifier: the raw body with its Content-Type (preferred: the
 * exact text the service signed), or fields a body parser already produced.
 */
export type CallbackInput =
  | { body: Buffer | Uint8Array | string; contentType?: string | null }
  | { fields: Record<string, unknown> }

/** Field values as the service signed them: the raw text, or null for a JSON `null`. */
export type CallbackFields = Record<string, string | null>

export type CallbackBody =
  | {
      ok: true
      fields: CallbackFields
      /** Parsed values of fields that arrived as JSON objects or arrays, by key. */
      nested: Record<string, unknown>
    }
  | { ok: false; detail: string }

/** Real notifications are well under 2 KB; a larger body is not one of them. */
export const DEFAULT_MAX_CALLBACK_BYTES = 64 * 1024

type BodyFormat = "json" | "form"

const utf8 = new TextDecoder("utf-8", { fatal: true })

function describeKey(key: string): string {
  return JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}...` : key)
}

function emptyFields(): CallbackFields {
  // No prototype: a field named "__proto__" or "constructor" is just a field.
  return Object.create(null) as CallbackFields
}

function bodyFormat(
  contentType: string | null | undefined,
  text: string
): BodyFormat | null {
  const mime = (contentType ?? "").split(";")[0].trim().toLowerCase()
  if (mime === "application/x-www-form-urlencoded") {
    return "form"
  }
  if (
    mime === "application/json" ||
    mime === "text/json" ||
    mime.endsWith("+json")
  ) {
    return "json"
  }
  // No usable type (a proxy dropped it, or a generic one): the first character decides.
  if (
    mime === "" ||
    mime === "text/plain" ||
    mime === "application/octet-stream"
  ) {
    return text.trimStart().startsWith("{") ? "json" : "form"
  }
  return null
}

function readForm(text: string): CallbackBody {
  const fields = emptyFields()
  for (const [key, value] of new URLSearchParams(text)) {
    if (key === "") {
      return { ok: false, detail: "the form body has a field without a name" }
    }
    if (key in fields) {
      // Which copy was signed is unknowable, and a verifier that reads another copy than the
      // processor is a classic bypass: refuse the whole body.
      return {
        ok: false,
        detail: `field ${describeKey(key)} appears more than once`,
      }
    }
    fields[key] = value
  }
  return { ok: true, fields, nested: Object.create(null) }
}

/**
 * JSON values are signed as their raw text. A field sent as a JSON object or array (the service
 * sends `ps_data` as a JSON-encoded string, but a JSON notification might inline it) is signed as
 * its exact source text: that is what a sender that serialises once and signs what it sent would
 * sign, and it needs no guess about key order or spacing. Its parsed value is kept for the reader.
 */
function readJson(text: string): CallbackBody {
  const scan = scanJsonObject(text)
  if (!scan.ok) {
    return scan
  }
  const fields = emptyFields()
  const nested: Record<string, unknown> = Object.create(null)
  for (const field of scan.fields) {
    if (field.key in fields) {
      return {
        ok: false,
        detail: `field ${describeKey(field.key)} appears more than once`,
      }
    }
    fields[field.key] = field.text
    if (field.type === "object" || field.type === "array") {
      nested[field.key] = field.parsed
    }
  }
  return { ok: true, fields, nested }
}

/**
 * Already-parsed fields have lost the source text of numbers: an integer renders the same in any
 * language, a fraction may not ("1.00" became 1), so those are refused with a pointer to the raw body.
 */
function readParsed(input: Record<string, unknown>): CallbackBody {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, detail: "the parsed fields are not an object" }
  }
  const fields = emptyFields()
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === "string") {
      fields[key] = value
    } else if (value === null || value === undefined) {
      fields[key] = null
    } else if (typeof value === "number" && Number.isSafeInteger(value)) {
      fields[key] = String(value)
    } else {
      const what = Array.isArray(value)
        ? "a list (repeated field)"
        : `a ${typeof value}`
      return {
        ok: false,
        detail: `field ${describeKey(key)} is ${what}; its signed text is lost: verify the raw body`,
      }
    }
  }
  return { ok: true, fields, nested: Object.create(null) }
}

/** Turns a callback request into its fields. Never throws. */
export function readCallbackBody(
  input: CallbackInput,
  maxBytes: number = DEFAULT_MAX_CALLBACK_BYTES
): CallbackBody {
  if (input === null || typeof input !== "object") {
    return { ok: false, detail: "no callback input" }
  }
  if ("fields" in input) {
    return readParsed(input.fields)
  }

  const { body, contentType } = input
  let text: string
  if (typeof body === "string") {
    if (Buffer.byteLength(body, "utf8") > maxBytes) {
      return { ok: false, detail: `the body is larger than ${maxBytes} bytes` }
    }
    text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body
  } else if (body instanceof Uint8Array) {
    if (body.byteLength > maxBytes) {
      return { ok: false, detail: `the body is larger than ${maxBytes} bytes` }
    }
    try {
      // Drops a leading byte-order mark; refuses bytes that are not UTF-8 instead of guessing.
      text = utf8.decode(body)
    } catch {
      return { ok: false, detail: "the body is not valid UTF-8" }
    }
  } else {
    return { ok: false, detail: "the body is neither a string nor bytes" }
  }

  if (text.trim() === "") {
    return { ok: false, detail: "the body is empty" }
  }
  const format = bodyFormat(contentType, text)
  if (format === null) {
    return {
      ok: false,
      detail: `unsupported content type ${describeKey(String(contentType))}`,
    }
  }
  return format === "json" ? readJson(text) : readForm(text)
}
