import fs from "node:fs"
import path from "node:path"
import ts from "typescript"
import { sourceFiles } from "./source-files"

/**
 * The module owns its data (issue 23): routes, workflows (steps and their utils), jobs and subscribers reach
 * the plugin's tables only through the module's service (src/modules/piastrix/service.ts), resolved from
 * the container. None of them resolves the store's database (`PG_CONNECTION`), asks the service for its
 * payout context (the database inside), runs SQL, or imports a function of the plugin's SQL: one whose
 * parameters take a database (`SqlConnection`, `SqlDatabase`) or a context holding one (`PayoutContext`,
 * `RefundTransferContext`), or a table name, from the module's repositories or from `lib` (medusa-tables.ts).
 * Pure helpers (masking, views, messages, a repository's field list) and types are free to import. The provider (src/providers/piastrix) is the one exception, in its own folder.
 */

const SRC = path.resolve(__dirname, "..")
const CALLERS = ["api", "jobs", "subscribers", "workflows"].map((d) =>
  path.join(SRC, d)
)
const SQL_HOMES = [
  path.join(SRC, "lib"),
  path.join(SRC, "modules", "piastrix", "repositories"),
  path.join(SRC, "modules", "piastrix", "utils"),
]
const DATABASE_TYPE =
  /\b(SqlConnection|SqlDatabase|PayoutContext|RefundTransferContext)\b/
const FORBIDDEN_TEXT: Array<[RegExp, string]> = [
  [/\bPG_CONNECTION\b|__pg_connection__/, "resolves PG_CONNECTION"],
  [/\bpayoutContext(Of)?\b/, "takes the module's payout context"],
  [/\.raw\(/, "runs SQL"],
]

const parsed = new Map<string, ts.SourceFile>()
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file)
  if (!source) {
    source = ts.createSourceFile(
      file,
      fs.readFileSync(file, "utf8"),
      ts.ScriptTarget.Latest,
      true
    )
    parsed.set(file, source)
  }
  return source
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) {
    return null
  }
  const base = path.resolve(path.dirname(from), specifier)
  for (const candidate of [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
  ]) {
    if (fs.existsSync(candidate)) {
      return candidate
    }
  }
  return null
}

/** Whether `name`, exported by `file` (or a file it re-exports with `export *`), is a function of the SQL. */
function isSql(file: string, name: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) {
    return false
  }
  seen.add(file)
  const source = parse(file)
  for (const statement of source.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      !statement.exportClause &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const target = resolveImport(file, statement.moduleSpecifier.text)
      if (target && isSql(target, name, seen)) {
        return true
      }
      continue
    }
    const exported = ts
      .getModifiers(statement as ts.HasModifiers)
      ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    if (!exported) {
      continue
    }
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) {
      return statement.parameters.some((p) =>
        DATABASE_TYPE.test(p.type?.getText(source) ?? "")
      )
    }
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || d.name.text !== name) {
          continue
        }
        if (/_TABLE$/.test(name)) {
          return true
        }
        const init = d.initializer
        return (
          !!init &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) &&
          init.parameters.some((p) =>
            DATABASE_TYPE.test(p.type?.getText(source) ?? "")
          )
        )
      }
    }
  }
  return false
}

/** What a file of the callers does that only the module may: each as `file: what`. */
export function layerBreaches(file: string): string[] {
  const source = parse(file)
  const text = source.getFullText()
  const found: string[] = []
  const where = path.relative(SRC, file)
  for (const [pattern, what] of FORBIDDEN_TEXT) {
    if (pattern.test(text)) {
      found.push(`${where}: ${what}`)
    }
  }
  for (const statement of source.statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      !ts.isStringLiteral(statement.moduleSpecifier) ||
      statement.importClause?.isTypeOnly
    ) {
      continue
    }
    const target = resolveImport(file, statement.moduleSpecifier.text)
    if (!target || !SQL_HOMES.some((home) => target.startsWith(home))) {
      continue
    }
    const bindings = statement.importClause?.namedBindings
    if (!bindings || !ts.isNamedImports(bindings)) {
      found.push(`${where}: imports all of ${path.relative(SRC, target)}`)
      continue
    }
    for (const element of bindings.elements) {
      const name = (element.propertyName ?? element.name).text
      if (!element.isTypeOnly && isSql(target, name)) {
        found.push(`${where}: imports ${name}`)
      }
    }
  }
  return found
}

describe("the module owns its data", () => {
  it("no route, workflow, job or subscriber reaches the plugin's tables but through the module's service", () => {
    const files = CALLERS.flatMap((dir) => sourceFiles(dir, ["__tests__"]))
    expect(files.length).toBeGreaterThan(80)
    expect(files.flatMap(layerBreaches)).toEqual([])
  })

  it("a breach is found, and pure helpers and types are not one", () => {
    const dir = path.join(SRC, "workflows", "piastrix-payouts", "steps")
    const file = path.join(dir, "x.ts")
    parsed.set(
      file,
      ts.createSourceFile(
        file,
        [
          'import { ContainerRegistrationKeys } from "@medusajs/framework/utils"',
          'import { withMaskedAccount } from "../../../lib/payouts"',
          'import { findRecipient, type Recipient } from "../../../modules/piastrix/repositories/recipients"',
          'import { LEDGER_TABLE } from "../../../modules/piastrix/repositories/tables"',
          'import type { SqlConnection } from "../../../lib/plugin"',
          'import { describeError, unlinkedOrderIds } from "../../../lib/plugin"',
          'import { inboxPage, INBOX_VIEW_FIELDS } from "../../../modules/piastrix/repositories/inbox"',
          "const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)",
        ].join("\n"),
        ts.ScriptTarget.Latest,
        true
      )
    )
    expect(layerBreaches(file)).toEqual([
      "workflows/piastrix-payouts/steps/x.ts: resolves PG_CONNECTION",
      "workflows/piastrix-payouts/steps/x.ts: imports findRecipient",
      "workflows/piastrix-payouts/steps/x.ts: imports LEDGER_TABLE",
      "workflows/piastrix-payouts/steps/x.ts: imports unlinkedOrderIds",
      "workflows/piastrix-payouts/steps/x.ts: imports inboxPage",
    ])
  })
})
