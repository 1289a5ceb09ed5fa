import en from "../json/en.json"
import ru from "../json/ru.json"

/** Every text path of a translation ("payouts.statuses.pending"), so a missing one is named. */
function paths(texts: object, prefix = ""): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? paths(value, `${prefix}${key}.`)
      : [`${prefix}${key}`]
  )
}

// i18next's plural forms differ per language (Russian has _few and _many), so they are compared by stem.
const stem = (path: string) =>
  path.replace(/_(zero|one|two|few|many|other)$/, "")

describe("admin translations", () => {
  it("have a Russian text for every English one, and no Russian text without an English one", () => {
    const english = new Set(paths(en).map(stem))
    const russian = new Set(paths(ru).map(stem))
    expect([...english].filter((p) => !russian.has(p))).toEqual([])
    expect([...russian].filter((p) => !english.has(p))).toEqual([])
  })

  it("have no empty text", () => {
    const empty = (texts: object) =>
      paths(texts).filter((p) => {
        const value = p.split(".").reduce<any>((o, k) => o[k], texts)
        return typeof value !== "string" || !value.trim()
      })
    expect([...empty(en), ...empty(ru)]).toEqual([])
  })
})
