import fs from "node:fs"
import path from "node:path"

/**
 * The TypeScript files below `dir`, for the specs that read the source (layers, imports, Medusa's tables,
 * the service's callers, file lengths): none when `dir` does not exist; declaration files, node_modules and
 * every folder named in `skip` left out.
 */
export function sourceFiles(
  dir: string,
  skip: readonly string[] = []
): string[] {
  if (!fs.existsSync(dir)) {
    return []
  }
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      return entry.name === "node_modules" || skip.includes(entry.name)
        ? []
        : sourceFiles(full, skip)
    }
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [full]
      : []
  })
}
