// Servers the suites start in process groups of their own (a Medusa, its Redis, a storefront), so that one
// kill reaches all of a server's processes. A signal sent to jest's group does not reach them: Ctrl-C on
// `npm test` left many-instances' Medusa processes and their Redis running, one of them taking most of a
// core for an hour. So each such group is recorded as a file in the directory `npm test` names in
// PIASTRIX_PROCESS_GROUPS, the file goes when the group's leader exits, and `npm test` kills every group
// still recorded once its jests have ended, however they ended.
const fs = require("node:fs")
const path = require("node:path")

/** Records `child` (spawned with `detached: true`) for `npm test` to kill if it outlives its suite. */
function recordGroup(child) {
  const dir = process.env.PIASTRIX_PROCESS_GROUPS
  if (!dir || !child.pid) {
    return child
  }
  const file = path.join(dir, String(child.pid))
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(file, "")
  child.once("exit", () => fs.rmSync(file, { force: true }))
  return child
}

/** Kills every group recorded in `dir` (SIGKILL: nothing of a test run is worth a graceful stop) and removes it. */
function killRecordedGroups(dir) {
  let pids = []
  try {
    pids = fs.readdirSync(dir).map(Number).filter(Number.isInteger)
  } catch {
    return []
  }
  const killed = []
  for (const pid of pids) {
    try {
      process.kill(-pid, "SIGKILL")
      killed.push(pid)
    } catch {}
  }
  fs.rmSync(dir, { recursive: true, force: true })
  return killed
}

module.exports = { recordGroup, killRecordedGroups }
