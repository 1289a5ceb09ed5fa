import { sniffReceiptType } from "../../src/file-type"

const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`, "latin1")])

describe("sniffReceiptType", () => {
  it.each([
    ["JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "image/jpeg"],
    ["PNG", Buffer.from("89504e470d0a1a0a0000", "hex"), "image/png"],
    ["PDF", Buffer.from("%PDF-1.4\n", "latin1"), "application/pdf"],
    ["WebP", Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"), "image/webp"],
    ["HEIC", ftyp("heic"), "image/heif"],
    ["HEIF mif1", ftyp("mif1"), "image/heif"],
  ])("recognises %s by its content", (_name, head, type) => {
    expect(sniffReceiptType(head)).toBe(type)
  })

  it.each([
    ["GIF", Buffer.from("GIF89a", "latin1")],
    ["text", Buffer.from("hello world, not a receipt", "latin1")],
    ["MP4", ftyp("isom")],
    ["RIFF WAV", Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt ", "latin1")],
    ["empty", Buffer.alloc(0)],
  ])("refuses %s", (_name, head) => {
    expect(sniffReceiptType(head)).toBeNull()
  })
})
