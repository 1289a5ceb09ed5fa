import fs from "node:fs"
import path from "node:path"
import {
  DOC_BLOCKS,
  docBlock,
} from "../../integration-tests/helpers/doc-blocks"

/**
 * The README is what a store owner reads, so it stays short; the rest lives in docs/. Every relative link
 * in the README, the changelog and docs/*.md must reach a file, and every `#anchor` a heading of its
 * target, as GitHub names headings.
 */

const ROOT = path.resolve(__dirname, "..", "..")
const README_MAX_CHARS = 12_500

function pages(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name))
  return ["README.md", "CHANGELOG.md", ...docs]
}

/** The text outside fenced code blocks, line by line (a link or heading in code is not one). */
function proseLines(markdown: string): string[] {
  let fenced = false
  return markdown.split("\n").filter((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced
      return false
    }
    return !fenced
  })
}

/**
 * GitHub's anchor for a heading (github-slugger): its text without markup, lower case, every character
 * that is not a letter, digit, `_`, `-` or space dropped, each space a `-`; a repeated one gets `-1`, `-2`.
 */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) {
      continue
    }
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-")
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** Every link target outside code: `[text](target)`, images included. */
function linkTargets(markdown: string): string[] {
  const targets: string[] = []
  for (const line of proseLines(markdown)) {
    const prose = line.replace(/`[^`]*`/g, "")
    for (const link of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      targets.push(link[1])
    }
  }
  return targets
}

/** What is wrong with a page's relative links: a file that does not exist, an anchor no heading has. */
function brokenLinks(page: string): string[] {
  const broken: string[] = []
  const text = fs.readFileSync(path.join(ROOT, page), "utf8")
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
      continue
    }
    const [file, anchor] = target.split("#")
    const resolved = file
      ? path.join(ROOT, path.dirname(page), decodeURI(file))
      : path.join(ROOT, page)
    if (!fs.existsSync(resolved)) {
      broken.push(`${page}: ${target} (no such file)`)
      continue
    }
    if (anchor !== undefined) {
      const isMarkdown = resolved.endsWith(".md")
      const anchors = isMarkdown
        ? headingAnchors(fs.readFileSync(resolved, "utf8"))
        : new Set<string>()
      if (!anchors.has(anchor)) {
        broken.push(`${page}: ${target} (no heading #${anchor})`)
      }
    }
  }
  return broken
}

describe("the documentation", () => {
  it("keeps the README at most 12,500 characters", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
    expect(readme.length).toBeLessThanOrEqual(README_MAX_CHARS)
  })

  it("links only to files that exist and to headings they have", () => {
    expect(pages().flatMap(brokenLinks)).toEqual([])
  })

  it("holds every block a suite runs where the suite reads it", () => {
    for (const block of Object.keys(DOC_BLOCKS) as Array<
      keyof typeof DOC_BLOCKS
    >) {
      expect(docBlock(block)).toContain("module.exports = defineConfig({")
    }
  })

  it("names headings as GitHub does", () => {
    const anchors = headingAnchors(
      [
        "## Configure `medusa-config.ts`",
        "## Settings → Piastrix",
        "## The callback's path",
        "## Quickstart: a running store (`npm run dev`)",
        "## Refunds",
        "### Refunds",
        "```",
        "# not a heading",
        "```",
      ].join("\n")
    )
    expect([...anchors]).toEqual([
      "configure-medusa-configts",
      "settings--piastrix",
      "the-callbacks-path",
      "quickstart-a-running-store-npm-run-dev",
      "refunds",
      "refunds-1",
    ])
  })
})
