import {
  PIASTRIX_SENDER_IPS,
  createSenderAllowlist,
  isAllowedSender,
  resolveSenderAddress,
} from "../callback"

describe("callback sender allowlist", () => {
  it("allows every published sender address by default", () => {
    expect(PIASTRIX_SENDER_IPS).toHaveLength(8)
    for (const ip of PIASTRIX_SENDER_IPS) {
      expect(isAllowedSender(ip)).toBe(true)
    }
  })

  it("refuses an address not on the list", () => {
    expect(isAllowedSender("51.68.53.108")).toBe(false)
    expect(isAllowedSender("127.0.0.1")).toBe(false)
  })

  it("understands the IPv4-in-IPv6 form Node reports on dual-stack sockets", () => {
    expect(isAllowedSender("::ffff:87.98.145.206")).toBe(true)
    expect(isAllowedSender("::FFFF:10.0.0.1")).toBe(false)
  })

  it("refuses when there is no usable address", () => {
    expect(isAllowedSender(undefined)).toBe(false)
    expect(isAllowedSender("")).toBe(false)
    expect(isAllowedSender("not-an-ip")).toBe(false)
  })

  it("ignores forwarding headers unless a proxy is trusted", () => {
    const headers = {
      "x-forwarded-for": "87.98.145.206",
      "x-real-ip": "87.98.145.206",
    }
    expect(isAllowedSender("203.0.113.9", { headers })).toBe(false)
    expect(
      isAllowedSender("203.0.113.9", { headers, proxyHeader: "x-real-ip" })
    ).toBe(false)
  })

  it("behind one trusted proxy, takes the address that proxy appended", () => {
    const headers = { "x-forwarded-for": "87.98.145.206" }
    expect(isAllowedSender("10.0.0.2", { headers, trustProxy: true })).toBe(
      true
    )
  })

  it("does not let a sender forge its address by prepending to X-Forwarded-For", () => {
    const headers = { "x-forwarded-for": "87.98.145.206, 203.0.113.9" }
    expect(isAllowedSender("10.0.0.2", { headers, trustProxy: 1 })).toBe(false)
    expect(resolveSenderAddress("10.0.0.2", { headers, trustProxy: 1 })).toBe(
      "203.0.113.9"
    )
  })

  it("skips one entry per trusted proxy, across repeated headers", () => {
    const headers = {
      "X-Forwarded-For": ["198.51.100.1, 87.98.145.206", "10.0.0.1"],
    }
    expect(resolveSenderAddress("10.0.0.2", { headers, trustProxy: 2 })).toBe(
      "87.98.145.206"
    )
    expect(isAllowedSender("10.0.0.2", { headers, trustProxy: 2 })).toBe(true)
  })

  it("refuses when fewer proxies forwarded the request than are trusted (a proxy was bypassed)", () => {
    const headers = { "x-forwarded-for": "87.98.145.206" }
    expect(
      resolveSenderAddress("87.98.145.206", { headers, trustProxy: 2 })
    ).toBeNull()
    expect(isAllowedSender("87.98.145.206", { headers, trustProxy: 2 })).toBe(
      false
    )
  })

  it("reads a single-address header such as CF-Connecting-IP when configured", () => {
    const headers = { "cf-connecting-ip": "91.121.216.63" }
    const options = {
      headers,
      trustProxy: true,
      proxyHeader: "CF-Connecting-IP",
    }
    expect(isAllowedSender("172.16.0.1", options)).toBe(true)
    expect(isAllowedSender("172.16.0.1", { ...options, headers: {} })).toBe(
      false
    )
  })

  it("strips a port some proxies add to forwarded addresses", () => {
    const headers = { "x-forwarded-for": "37.48.108.181:51234" }
    expect(isAllowedSender("10.0.0.2", { headers, trustProxy: true })).toBe(
      true
    )
  })

  it("accepts a custom list with subnets and IPv6", () => {
    const allowed = createSenderAllowlist({
      allowlist: ["51.68.53.104/30", "2001:db8::/32", "::1"],
    })
    expect(allowed("51.68.53.107")).toBe(true)
    expect(allowed("51.68.53.108")).toBe(false)
    expect(allowed("2001:db8:1::5")).toBe(true)
    expect(allowed("::1")).toBe(true)
    expect(allowed("87.98.145.206")).toBe(false)
  })

  it("refuses to build a list with an entry that is not an address, naming it", () => {
    expect(() =>
      createSenderAllowlist({ allowlist: ["87.98.145.206", "example.com"] })
    ).toThrow(/"example.com"/)
    expect(() => createSenderAllowlist({ allowlist: ["10.0.0.0/33"] })).toThrow(
      /10.0.0.0\/33/
    )
  })
})
