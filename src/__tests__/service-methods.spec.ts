import fs from "node:fs"
import path from "node:path"
import ts from "typescript"
import { sourceFiles } from "./source-files"

/**
 * Every public method of the plugin's module service has a reason (issue 23): a caller in the plugin's
 * code, or a test that calls it. A call through the service is a property access (`piastrix.findPayout(`,
 * `service.accrue`); the repository functions of the same names are called bare, so they do not count.
 * Generated CRUD the service overrides (`createPiastrixRecipients`) is Medusa's API and counts as called.
 */

const ROOT = path.resolve(__dirname, "..", "..")
const SERVICE = path.join(ROOT, "src", "modules", "piastrix", "service.ts")
const SEARCHED = ["src", "integration-tests", "dev", "sandbox"]

function parse(file: string, text = fs.readFileSync(file, "utf8")) {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
}

/** The public methods a class declares itself (not the generated ones it inherits), constructor left out. */
export function publicMethods(source: ts.SourceFile): string[] {
  const names: string[] = []
  source.forEachChild(function visit(node) {
    if (ts.isClassDeclaration(node)) {
      for (const member of node.members) {
        if (
          ts.isMethodDeclaration(member) &&
          ts.isIdentifier(member.name) &&
          !ts
            .getModifiers(member)
            ?.some(
              (m) =>
                m.kind === ts.SyntaxKind.PrivateKeyword ||
                m.kind === ts.SyntaxKind.ProtectedKeyword
            )
        ) {
          names.push(member.name.text)
        }
      }
    }
  })
  return names
}

/** Every name read as a property (`x.name`, `x?.name`, `{ name } = x`) in a file. */
export function propertyNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>()
  source.forEachChild(function visit(node) {
    if (ts.isPropertyAccessExpression(node)) {
      names.add(node.name.text)
    } else if (
      ts.isBindingElement(node) &&
      ts.isObjectBindingPattern(node.parent)
    ) {
      const name = node.propertyName ?? node.name
      if (ts.isIdentifier(name)) {
        names.add(name.text)
      }
    }
    node.forEachChild(visit)
  })
  return names
}

/** The service's public methods nothing outside the service calls. */
function uncalledMethods(): string[] {
  const called = new Set<string>()
  for (const dir of SEARCHED) {
    for (const file of sourceFiles(path.join(ROOT, dir))) {
      if (file !== SERVICE) {
        propertyNames(parse(file)).forEach((n) => called.add(n))
      }
    }
  }
  return publicMethods(parse(SERVICE)).filter(
    (name) => !called.has(name) && !/^(create|update)Piastrix/.test(name)
  )
}

describe("the module service", () => {
  it("has no public method without a caller or a test", () => {
    expect(uncalledMethods()).toEqual([])
  })

  it("finds methods only their own class calls", () => {
    const service = parse(
      "service.ts",
      [
        "class S {",
        "  constructor() {}",
        "  async used() {}",
        "  unused() { return this.#hidden() }",
        "  #hidden() {}",
        "  private kept() {}",
        "}",
      ].join("\n")
    )
    const caller = parse(
      "caller.ts",
      "const { used: u } = s\nunused()\ns?.other()"
    )
    expect(publicMethods(service)).toEqual(["used", "unused"])
    const called = propertyNames(caller)
    expect(publicMethods(service).filter((m) => !called.has(m))).toEqual([
      "unused",
    ])
  })
})
