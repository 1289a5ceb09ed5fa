import fs from "node:fs"
import path from "node:path"
import ts from "typescript"
import { sourceFiles } from "./source-files"

/**
 * No file in src/ over 300 lines without its reason in its header (issue 23; STYLE.md: "When a file passes
 * ~300 lines, it is probably two"). The header is the comments that lead the file's top-level statements
 * up to its first export, that export's doc comment included (a comment inside a body is not one); the
 * reason is a sentence there saying "Over 300 lines" and why. Left out: specs (a spec holds the cases of one unit, one file per provider method or
 * client area, read case by case by their names) and migrations (they ran as written).
 */

const SRC = path.resolve(__dirname, "..")
const MAX_LINES = 300
const REASON = /\bover 300 lines\b/i

/** The comments leading the top-level statements up to the first export (not a re-export), its own included. */
export function header(file: string, text: string): string {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const comments: string[] = []
  for (const statement of source.statements) {
    comments.push(
      text.slice(statement.getFullStart(), statement.getStart(source))
    )
    const exported =
      ts.isExportAssignment(statement) ||
      (ts.isExportDeclaration(statement) && !statement.moduleSpecifier) ||
      ts
        .getModifiers(statement as ts.HasModifiers)
        ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    if (exported) {
      break
    }
  }
  return comments.join("\n")
}

/** The long files of `dir` whose header gives no reason, with their lengths. */
export function longFilesWithoutReason(dir: string): string[] {
  return sourceFiles(dir, ["__tests__", "migrations"]).flatMap((file) => {
    const text = fs.readFileSync(file, "utf8")
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0)
    return lines > MAX_LINES && !REASON.test(header(file, text))
      ? [`${path.relative(dir, file)} (${lines} lines)`]
      : []
  })
}

describe("file length", () => {
  it(`no file in src/ passes ${MAX_LINES} lines without its reason in its header`, () => {
    expect(longFilesWithoutReason(SRC)).toEqual([])
  })

  it("reads the header up to the first export, past imports and re-exports, never in a body", () => {
    const text = [
      'import { a } from "./a"',
      'export { b } from "./b"',
      "const d = 1",
      "/** Over 300 lines: one reason. */",
      "export const c = a",
      "// Over 300 lines: too late, after the first export",
    ].join("\n")
    expect(header("x.ts", text)).toContain("Over 300 lines: one reason.")
    expect(header("x.ts", text)).not.toContain("too late")
    const inBody = "export function f() {\n  // Over 300 lines: in a body\n}"
    expect(REASON.test(header("y.ts", inBody))).toBe(false)
  })
})
