import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import ts from "typescript"
import { sourceFiles } from "./source-files"

/**
 * No import cycle in src/ (issue 23): a file never reaches itself through its imports. Type-only imports
 * count too: they cost nothing at run time, but a cycle of them is still two files that cannot be read,
 * moved or tested one without the other. Only relative imports are followed (the plugin's own files);
 * a folder import is its index.ts. The admin is included: it imports the server's code only for a few
 * pure helpers and the shared response types, which import nothing back.
 */

const EXTENSIONS = [".ts", ".tsx"]

/** The file a relative specifier names, as the compiler and the bundler resolve it; null outside `root`. */
function resolve(from: string, specifier: string, root: string) {
  const base = path.resolve(path.dirname(from), specifier)
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => path.join(base, "index" + e)),
  ]
  const found = candidates.find(
    (c) => EXTENSIONS.includes(path.extname(c)) && fs.existsSync(c)
  )
  return found && found.startsWith(root + path.sep) ? found : null
}

/** Every group of files that import one another (Tarjan's strongly connected components), as cycles. */
function importCycles(root: string): string[][] {
  const files = sourceFiles(root)
  const edges = new Map<string, string[]>()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(
      fs.readFileSync(file, "utf8"),
      true,
      true
    )
    edges.set(
      file,
      importedFiles
        .map((i) => i.fileName)
        .filter((s) => s.startsWith("."))
        .map((s) => resolve(file, s, root))
        .filter((f): f is string => f !== null)
    )
  }

  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const to of edges.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(file, Math.min(low.get(file)!, low.get(to)!))
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!))
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(member)
      } while (member !== file)
      if (group.length > 1 || edges.get(file)!.includes(file)) {
        groups.push(group.map((f) => path.relative(root, f)).sort())
      }
    }
  }
  files.forEach((f) => index.has(f) || visit(f))
  return groups
}

describe("imports", () => {
  it("src/ has no import cycle", () => {
    expect(importCycles(path.resolve(__dirname, ".."))).toEqual([])
  })

  it("a cycle through a folder's index and a type-only import is found", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "import-cycles-"))
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      fs.writeFileSync(path.join(root, file), text)
    }
    write("a.ts", 'import { b } from "./lib"\nexport const a = b\n')
    write("lib/index.ts", 'export * from "./b"\n')
    write("lib/b.ts", 'import type { A } from "../c"\nexport const b = 1\n')
    write("c.ts", 'import { a } from "./a"\nexport type A = typeof a\n')
    write("d.ts", 'import { a } from "./a"\nexport const d = a\n')
    try {
      expect(importCycles(root)).toEqual([
        ["a.ts", "c.ts", "lib/b.ts", "lib/index.ts"],
      ])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
