import {
  scanJsonObject,
  type JsonField,
} from "../../src/lib/piastrix/callback-json"
import {
  EnvelopeError,
  PiastrixErrorCode,
  incorrectParameter,
} from "./envelope-error"

const MAX_TEXT = 255

/**
 * The reference's layouts of `now`: ISO 8601 with a space or `T`, optional fractional seconds and zone
 * (`2024-05-01 12:00:00`, `2024-05-01 12:00:00.123456`, `2024-05-01T12:00:00.000Z`), and `DD.MM.YYYY HH:MM:SS`.
 */
const NOW_ISO =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}(:?\d{2})?)?$/
const NOW_DMY = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/

function validDateTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number
) {
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  )
}
const DECIMAL = /^\d+(\.\d+)?$/
const INTEGER = /^-?\d+$/

/**
 * Typed access to a JSON request body that remembers each value's source text. Values may arrive
 * as strings or numbers (the reference declares numbers, its examples send strings). The body is read
 * by the client's scanner (src/lib/piastrix/callback-json.ts), the one reader of JSON that keeps
 * source texts, so `10.00` signs as "10.00" on both sides.
 */
export class RequestFields {
  private constructor(private readonly entries: Map<string, JsonField>) {}

  static parse(body: Buffer): RequestFields {
    const scan = scanJsonObject(body.toString("utf8"))
    if (!scan.ok) {
      throw new EnvelopeError(
        PiastrixErrorCode.INCORRECT_PARAMETERS,
        `Incorrect request body: ${scan.detail}`
      )
    }
    // A repeated key takes its last value, as JSON.parse (and Python's json module) would.
    return new RequestFields(
      new Map(scan.fields.map((field) => [field.key, field]))
    )
  }

  has(key: string): boolean {
    const value = this.entries.get(key)
    return value !== undefined && value.type !== "null"
  }

  /** Source text of a scalar, as the signature covers it; undefined when absent or null. */
  source(key: string): string | undefined {
    const value = this.entries.get(key)
    if (value === undefined || value.type === "null") {
      return undefined
    }
    if (value.type === "string" || value.type === "number") {
      return value.text ?? undefined
    }
    throw incorrectParameter(key, "a string or a number is expected")
  }

  requireAll(keys: readonly string[]): void {
    for (const key of keys) {
      if (this.source(key) === undefined) {
        throw incorrectParameter(key, "field required")
      }
    }
  }

  /** `now` must be in one of the reference's layouts, and a real date and time. */
  checkNow(): void {
    const value = this.text("now")
    const iso = NOW_ISO.exec(value)
    const dmy = iso ? null : NOW_DMY.exec(value)
    const parts = iso
      ? iso.slice(1, 7)
      : dmy
        ? [dmy[3], dmy[2], dmy[1], ...dmy.slice(4, 7)]
        : null
    if (
      !parts ||
      !validDateTime(
        ...(parts.map(Number) as [
          number,
          number,
          number,
          number,
          number,
          number,
        ])
      )
    ) {
      throw incorrectParameter(
        "now",
        "must be ISO 8601 (YYYY-MM-DD HH:MM:SS, optionally with fractional seconds and a zone) or DD.MM.YYYY HH:MM:SS"
      )
    }
  }

  text(key: string, maxLength = Infinity): string {
    const value = this.source(key)
    if (value === undefined) {
      throw incorrectParameter(key, "field required")
    }
    if (value.length > maxLength) {
      throw incorrectParameter(
        key,
        `ensure this value has at most ${maxLength} characters`
      )
    }
    return value
  }

  /** `shop_order_id`, `description` and the like: at most 255 characters. */
  shortText(key: string): string {
    return this.text(key, MAX_TEXT)
  }

  optionalText(key: string, maxLength = Infinity): string | null {
    return this.has(key) ? this.text(key, maxLength) : null
  }

  int(key: string): number {
    const value = this.text(key)
    if (!INTEGER.test(value) || !Number.isSafeInteger(Number(value))) {
      throw incorrectParameter(key, "value is not a valid integer")
    }
    return Number(value)
  }

  /** A positive decimal with at most `digits` fraction digits, returned as its text. */
  amount(key: string, digits: number): string {
    const value = this.text(key)
    if (!DECIMAL.test(value)) {
      throw incorrectParameter(key, "value is not a valid decimal")
    }
    const fraction = value.split(".")[1] ?? ""
    if (fraction.length > digits) {
      throw incorrectParameter(
        key,
        `ensure that there are no more than ${digits} decimal places`
      )
    }
    if (Number(value) <= 0) {
      throw incorrectParameter(key, "ensure this value is greater than 0")
    }
    return value
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T {
    const value = this.text(key)
    if (!allowed.includes(value as T)) {
      throw incorrectParameter(
        key,
        `value must be one of ${allowed.join(", ")}`
      )
    }
    return value as T
  }

  optionalObject(key: string): Record<string, unknown> | null {
    const value = this.entries.get(key)
    if (value === undefined || value.type === "null") {
      return null
    }
    if (value.type !== "object") {
      throw incorrectParameter(key, "value is not a valid dict")
    }
    return value.parsed as Record<string, unknown>
  }

  /** The source texts of `keys`, for the signature. */
  sourcesOf(keys: readonly string[]): Record<string, string> {
    const out: Record<string, string> = {}
    for (const key of keys) {
      out[key] = this.text(key)
    }
    return out
  }
}
