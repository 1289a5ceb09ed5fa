import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import type { StateData } from "./state"

/**
 * `--state file.json`: the state survives a restart. Writes are batched (a burst of requests
 * writes once) and go through a temporary file so a crash never leaves half a file.
 */
export class StateFile {
  private timer: NodeJS.Timeout | null = null

  constructor(
    readonly path: string,
    private readonly snapshot: () => StateData
  ) {}

  load(): StateData | null {
    if (!existsSync(this.path)) {
      return null
    }
    try {
      return JSON.parse(readFileSync(this.path, "utf8")) as StateData
    } catch (error) {
      throw new Error(
        `cannot read sandbox state ${this.path}: ${(error as Error).message}`
      )
    }
  }

  scheduleSave(): void {
    if (this.timer) {
      return
    }
    this.timer = setTimeout(() => {
      this.timer = null
      this.saveNow()
    }, 50)
    this.timer.unref()
  }

  saveNow(): void {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    const temporary = `${this.path}.tmp`
    writeFileSync(temporary, JSON.stringify(this.snapshot()))
    renameSync(temporary, this.path)
  }
}
