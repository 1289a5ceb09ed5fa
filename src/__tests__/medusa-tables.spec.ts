import fs from "node:fs"
import path from "node:path"
import ts from "typescript"
import { camelToSnakeCase, DmlEntity } from "@medusajs/framework/utils"
import { sourceFiles } from "./source-files"

/**
 * One home for the SQL the plugin runs on Medusa's tables (issue 23): src/lib/plugin/medusa-tables.ts.
 * Medusa's tables are the installed Medusa's own, read from its modules' models (table names as Medusa
 * derives them) and its link definitions, so a table a new Medusa adds counts too. SQL is a string or
 * template literal with a SQL verb in it; it names a table after from, join, update or into. Knex's
 * builder is caught too, when called with a Medusa table's name (`db("order")`, `.from("refund")`).
 * Migrations are left out: they ran as written and must not change (the one that touches Medusa's
 * tables is listed in medusa-tables.ts).
 */

const SRC = path.resolve(__dirname, "..")
const HOME = path.join(SRC, "lib", "plugin", "medusa-tables.ts")
const MEDUSA = path.dirname(
  path.dirname(require.resolve("@medusajs/payment/package.json"))
)

function medusaTables(): Set<string> {
  const tables = new Set<string>()
  for (const name of fs.readdirSync(MEDUSA)) {
    const models = path.join(MEDUSA, name, "dist", "models", "index.js")
    if (!fs.existsSync(models)) {
      continue
    }
    for (const value of Object.values(require(models))) {
      if (DmlEntity.isDmlEntity(value)) {
        tables.add(
          camelToSnakeCase((value as DmlEntity<any, any>).parse().tableName)
        )
      }
    }
  }
  const links = require(
    path.join(MEDUSA, "link-modules", "dist", "definitions", "index.js")
  )
  for (const link of Object.values<any>(links)) {
    if (link?.databaseConfig?.tableName) {
      tables.add(link.databaseConfig.tableName)
    }
  }
  return tables
}

const SQL_VERB = /\b(select|update|insert|delete)\b/i
const NAMED_TABLE = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi
const BUILDER = /^(db|knex|trx|from|join|into|table|update)$/

/** Each Medusa table a file's SQL names, as `file: table`. */
function mentions(file: string, text: string, tables: Set<string>): string[] {
  const found = new Set<string>()
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const sql = (literal: string) => {
    if (!SQL_VERB.test(literal)) {
      return
    }
    for (const [, table] of literal.matchAll(NAMED_TABLE)) {
      if (tables.has(table.toLowerCase())) {
        found.add(table.toLowerCase())
      }
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      sql(node.text)
    } else if (ts.isTemplateExpression(node)) {
      sql(
        [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(
          " ${} "
        )
      )
    } else if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression)
        ? node.expression.name.text
        : ts.isIdentifier(node.expression)
          ? node.expression.text
          : ""
      const [first] = node.arguments
      if (
        BUILDER.test(callee) &&
        first &&
        ts.isStringLiteralLike(first) &&
        tables.has(first.text)
      ) {
        found.add(first.text)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return [...found].map((t) => `${path.relative(SRC, file)}: ${t}`)
}

describe("Medusa's tables", () => {
  const tables = medusaTables()

  it("are read from the installed Medusa", () => {
    for (const t of [
      "payment_session",
      "payment",
      "refund",
      "order",
      "order_cart",
      "order_payment_collection",
      "cart",
    ]) {
      expect(tables).toContain(t)
    }
    expect(tables).not.toContain("piastrix_notification")
  })

  it("are named in SQL only in src/lib/plugin/medusa-tables.ts", () => {
    const outside = sourceFiles(SRC, ["migrations"])
      .filter((f) => f !== HOME && f !== __filename)
      .flatMap((f) => mentions(f, fs.readFileSync(f, "utf8"), tables))
    expect(outside).toEqual([])
  })

  it("each one the home's SQL names is listed in its header", () => {
    const text = fs.readFileSync(HOME, "utf8")
    const listed = [...text.matchAll(/^ \* \| `"?([a-z_]+)"?` \(/gm)].map(
      ([, t]) => t
    )
    expect(
      mentions(HOME, text, tables)
        .map((m) => m.split(": ")[1])
        .sort()
    ).toEqual(listed.sort())
  })

  it("a mention in SQL is found, and words that are not SQL are not", () => {
    const text = [
      "const a = `select id from payment_session where id = ?`",
      "const b = `select 1 from ${T} x join order_cart oc on oc.order_id = x.id`",
      'const c = `update "order" set metadata = ? where id = ${id}`',
      'const d = db("refund").where({ id })',
      "const e = `it was paid from currency ${c}`",
      'const f = query.graph({ entity: "payment_session", fields: ["id"] })',
      "const g = `select 1 from piastrix_payment where id = ?`",
      "// select the payment from payment_session",
    ].join("\n")
    expect(mentions(path.join(SRC, "x.ts"), text, tables)).toEqual([
      "x.ts: payment_session",
      "x.ts: order_cart",
      "x.ts: order",
      "x.ts: refund",
    ])
  })
})
