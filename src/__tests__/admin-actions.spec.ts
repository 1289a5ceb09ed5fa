import fs from "node:fs"
import path from "node:path"
import { sourceFiles } from "./source-files"

/**
 * Each admin action that changes money or state is a workflow (issue 23): a route of the plugin's admin API
 * that answers POST, PUT, PATCH or DELETE validates, runs one workflow, and answers, as Medusa's own admin
 * refund runs `refundPaymentWorkflow`. The few that change nothing are named here with what they do instead.
 */

const ADMIN_API = path.resolve(__dirname, "..", "api", "admin")

/** Routes that take a body but change nothing: they ask the service and answer. */
const CHANGE_NOTHING: Record<string, string> = {
  "piastrix/connection-test/route.ts":
    "signs a balance read with the credentials given, or the configured ones",
  "piastrix/payouts/quote/route.ts":
    "the service's fee and the payable amount; the payout is made by POST /payouts",
  "piastrix/recipients/[id]/check-account/route.ts":
    "asks the service whether a withdraw account can be paid now",
}

const WRITES = /export const (POST|PUT|PATCH|DELETE)\b/
const RUNS_WORKFLOW = /\b[a-zA-Z]+Workflow\(\s*req\.scope\s*\)\s*\.run\(/

/** The admin routes that change something without running a workflow. */
export function actionsOutsideWorkflows(
  root: string,
  exempt: Record<string, string>
): string[] {
  return sourceFiles(root, ["__tests__"])
    .filter((file) => path.basename(file) === "route.ts")
    .flatMap((file) => {
      const name = path.relative(root, file)
      const text = fs.readFileSync(file, "utf8")
      return WRITES.test(text) && !RUNS_WORKFLOW.test(text) && !exempt[name]
        ? [name]
        : []
    })
}

describe("admin actions", () => {
  it("each one that changes money or state runs a workflow", () => {
    expect(actionsOutsideWorkflows(ADMIN_API, CHANGE_NOTHING)).toEqual([])
  })

  it("names only routes that exist and answer a write among those that change nothing", () => {
    for (const name of Object.keys(CHANGE_NOTHING)) {
      const text = fs.readFileSync(path.join(ADMIN_API, name), "utf8")
      expect([name, WRITES.test(text), RUNS_WORKFLOW.test(text)]).toEqual([
        name,
        true,
        false,
      ])
    }
  })

  it("finds a write that calls the service itself", () => {
    expect(actionsOutsideWorkflows(ADMIN_API, {})).toEqual(
      Object.keys(CHANGE_NOTHING).sort()
    )
  })
})
