import en from "../../../admin/i18n/json/en.json"
import ru from "../../../admin/i18n/json/ru.json"
import {
  localDateTime,
  statementFileName,
  toCsv,
} from "../repositories/statement"
import {
  LEDGER_REASON_CODES,
  STATEMENT_WORDS,
} from "../../../lib/payouts/statement-words"

describe("statement words", () => {
  it.each([
    ["en", en],
    ["ru", ru],
  ] as const)(
    "name kinds, accounts and the plugin's reasons as the admin's ledger does (%s)",
    (language, admin) => {
      const words = STATEMENT_WORDS[language]
      expect(words.kinds).toEqual(admin.recipients.kinds)
      expect(words.accounts).toEqual(admin.recipients.accounts)
      for (const code of LEDGER_REASON_CODES) {
        const [group, name] = code.split(".")
        expect([code, words.reasons[code]]).toEqual([
          code,
          (admin.messages as any)[group][name],
        ])
      }
    }
  )
})

describe("localDateTime", () => {
  it.each([
    ["UTC", "2026-11-26 21:05:09"],
    ["Europe/Moscow", "2026-11-27 00:05:09"],
    ["America/New_York", "2026-11-26 16:05:09"],
  ])("writes the moment as a plain date and time in %s", (zone, text) => {
    expect(localDateTime(new Date("2026-11-26T21:05:09Z"), zone)).toBe(text)
  })
})

describe("statementFileName", () => {
  it.each([
    [
      "Page vendor",
      {},
      "statement-page-vendor.csv",
      "statement-page-vendor.csv",
    ],
    [
      "ООО «Ромашка» №2",
      {
        created_after: "2026-11-01T00:00:00Z",
        created_before: "2026-12-01T00:00:00.000Z",
      },
      "statement-ооо-ромашка-2-2026-11-01-2026-11-30.csv",
      "statement-no2-2026-11-01-2026-11-30.csv",
    ],
    [
      "Café Noël",
      { created_after: "2026-11-01T00:00:00Z" },
      "statement-café-noël-from-2026-11-01.csv",
      "statement-cafe-noel-from-2026-11-01.csv",
    ],
    [
      "Андрей",
      { created_before: "2026-11-27T00:00:00Z" },
      "statement-андрей-to-2026-11-26.csv",
      "statement-recipient-to-2026-11-26.csv",
    ],
  ])("names %s's statement for %j", (name, range, utf8, ascii) => {
    expect(statementFileName(name, range)).toEqual({ utf8, ascii })
  })
})

describe("toCsv", () => {
  it("writes the header's words and neutralises formulas, keeping negative numbers numbers", () => {
    const csv = toCsv(
      ["a", "b"] as const,
      [
        { a: "=HYPERLINK(1)", b: "-12.50" },
        { a: "#4", b: 'say "hi", then' },
      ],
      { a: "Дата (Europe/Moscow)", b: "Сумма" }
    )
    expect(csv).toBe(
      'Дата (Europe/Moscow),Сумма\r\n\'=HYPERLINK(1),-12.50\r\n#4,"say ""hi"", then"\r\n'
    )
  })
})
