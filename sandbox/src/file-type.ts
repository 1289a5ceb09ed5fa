/** Receipt types the reference allows, recognised by content, never by name. */
export type ReceiptType = "image/jpeg" | "image/png" | "application/pdf" | "image/webp" | "image/heif"

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"])

export function sniffReceiptType(head: Buffer): ReceiptType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return "image/jpeg"
  }
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png"
  }
  if (head.length >= 5 && head.subarray(0, 5).toString("latin1") === "%PDF-") {
    return "application/pdf"
  }
  if (head.length >= 12 && head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP") {
    return "image/webp"
  }
  if (head.length >= 12 && head.subarray(4, 8).toString("latin1") === "ftyp" && HEIF_BRANDS.has(head.subarray(8, 12).toString("latin1"))) {
    return "image/heif"
  }
  return null
}
