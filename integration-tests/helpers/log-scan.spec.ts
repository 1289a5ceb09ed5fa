import { scanLogLines, secretsInLine } from "./log-scan"

/** The scan the integration runner applies to every suite's log lines finds what it must, and only that. */
describe("log scan", () => {
  const SECRET = "test-secret-key-9f2c"

  it("finds the secret key, a signature, a card number and a CVV", () => {
    expect(secretsInLine(`key ${SECRET}`, SECRET)).toEqual(["the secret key"])
    expect(secretsInLine(`sign=${"ab".repeat(32)}`, SECRET)).toEqual([
      "a signature (64 hex digits)",
    ])
    expect(secretsInLine("card 4111111111111111 refused", SECRET)).toEqual([
      "a card number",
    ])
    expect(secretsInLine("pan 5500005555555559", SECRET)).toEqual([
      "a card number",
    ])
    expect(secretsInLine('{"cvv":"123"}', SECRET)).toEqual(["a CVV"])
  })

  it("leaves ids, wallets, amounts and timestamps alone", () => {
    const line =
      "Piastrix session payses_01M87GVYZ4F0YJYW9V154M6AAF: refund 100.00 sent back as transfer 500000001 " +
      "to 201494711279 at 1795548905601"
    expect(secretsInLine(line, SECRET)).toEqual([])
  })

  it("reports the line and level, never the secret itself", () => {
    const report = scanLogLines(
      [
        { level: "info", text: "ok" },
        { level: "warn", text: SECRET },
      ],
      SECRET
    )
    expect(report).toEqual(["log line 2 (warn) holds the secret key"])
    expect(report.join()).not.toContain(SECRET)
  })
})
