import fs from "node:fs"
import path from "node:path"

/**
 * The code blocks the suites run as the docs show them: a `<!-- <marker> -->` line right above a fenced
 * ```ts block, in README.md or a docs/ page. The install suite copies the README's `medusa-config.ts`; the
 * scale suite compares docs/production.md's with the repository's own.
 */
export const ROOT = path.resolve(__dirname, "..", "..")

export const DOC_BLOCKS = {
  install: { file: "README.md", marker: "install-suite: medusa-config.ts" },
  scale: {
    file: "docs/production.md",
    marker: "scale-suite: medusa-config.ts",
  },
} as const

/** The text of the ```ts block after the marker, exactly as written; throws naming the file and marker. */
export function docBlock(block: keyof typeof DOC_BLOCKS): string {
  const { file, marker } = DOC_BLOCKS[block]
  const text = fs.readFileSync(path.join(ROOT, file), "utf8")
  const at = text.indexOf(`<!-- ${marker} -->`)
  const code = at < 0 ? null : /^```ts\n([\s\S]*?)^```/m.exec(text.slice(at))
  if (!code) {
    throw new Error(
      `${file} has no \`<!-- ${marker} -->\` block followed by \`\`\`ts`
    )
  }
  return code[1]
}
