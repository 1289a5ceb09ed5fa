import { PiastrixValidationError } from "./errors"
import { RECEIPT_MAX_BYTES } from "./schemas/receipt"

/** A receipt file type the service accepts, recognised by content rather than by name. */
export interface ReceiptFileType {
  mime:
    | "image/jpeg"
    | "image/png"
    | "application/pdf"
    | "image/webp"
    | "image/heic"
    | "image/heif"
  extension: "jpg" | "png" | "pdf" | "webp" | "heic" | "heif"
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.subarray(from, to)).toString("latin1")

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, i) => bytes[offset + i] === byte)

// ISO-BMFF brands of HEIF images; `heic`-family brands mean HEVC-coded HEIF.
const HEIC_BRANDS = new Set([
  "heic",
  "heix",
  "hevc",
  "hevx",
  "heim",
  "heis",
  "hevm",
  "hevs",
])
const HEIF_BRANDS = new Set(["mif1", "msf1"])

/** The type of a receipt file from its magic bytes, or undefined when it is none the service accepts. */
export function detectReceiptType(
  bytes: Uint8Array
): ReceiptFileType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    return { mime: "image/jpeg", extension: "jpg" }
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: "image/png", extension: "png" }
  }
  if (ascii(bytes, 0, 5) === "%PDF-") {
    return { mime: "application/pdf", extension: "pdf" }
  }
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { mime: "image/webp", extension: "webp" }
  }
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12)
    if (HEIC_BRANDS.has(brand)) {
      return { mime: "image/heic", extension: "heic" }
    }
    if (HEIF_BRANDS.has(brand)) {
      return { mime: "image/heif", extension: "heif" }
    }
  }
  return undefined
}

/** Checks a receipt before upload: not empty, at most 10 MB, and of an accepted type. */
export function checkReceiptFile(
  bytes: Uint8Array,
  field = "file"
): ReceiptFileType {
  if (bytes.length === 0) {
    throw new PiastrixValidationError(field, "is empty")
  }
  if (bytes.length > RECEIPT_MAX_BYTES) {
    throw new PiastrixValidationError(
      field,
      `is ${bytes.length} bytes; the service accepts at most 10 MB`
    )
  }
  const type = detectReceiptType(bytes)
  if (!type) {
    throw new PiastrixValidationError(
      field,
      "must be a JPEG, PNG, PDF, WebP or HEIF/HEIC file"
    )
  }
  return type
}
