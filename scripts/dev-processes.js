// Child processes of the dev command. Each runs in its own process group, because `medusa develop`
// forks a server that outlives a signal sent to its parent alone; stopping a child
// signals its whole group, then kills the group if it has not exited in time.
const readline = require("node:readline")
const { spawn } = require("node:child_process")
const { recordGroup } = require("./process-groups")

const running = new Set()

function prefixLines(stream, name, out) {
  readline
    .createInterface({ input: stream })
    .on("line", (line) => out.write(`[${name}] ${line}\n`))
}

/** Starts `cmd` in its own process group; its output is shown line by line, prefixed with `name`. */
function spawnGroup(name, cmd, args, { env, quiet = false, cwd } = {}) {
  // Under `npm test` (a suite running the dev command), recorded so that a stopped run kills it too.
  const child = recordGroup(
    spawn(cmd, args, {
      env,
      cwd,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    })
  )
  child.label = name
  child.captured = []
  running.add(child)
  child.once("exit", () => running.delete(child))
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    if (quiet) {
      readline
        .createInterface({ input: stream })
        .on("line", (line) => child.captured.push(line))
    } else {
      prefixLines(stream, name, out)
    }
  }
  return child
}

/** Runs `cmd` to its end; throws (showing its output when it was kept quiet) unless it exits with 0. */
async function runToEnd(name, cmd, args, options = {}) {
  const child = spawnGroup(name, cmd, args, options)
  const code = await new Promise((resolve) =>
    child.once("exit", (c, signal) => resolve(c ?? signal))
  )
  if (code !== 0) {
    for (const line of child.captured.slice(-60)) {
      process.stderr.write(`[${name}] ${line}\n`)
    }
    throw new Error(`${name} failed (exit ${code})`)
  }
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch {}
}

/** Stops a child's whole group: SIGTERM, then SIGKILL after `graceMs`. */
async function stopGroup(child, graceMs = 10000) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve))
    signalGroup(child, "SIGTERM")
    const timer = new Promise((resolve) =>
      setTimeout(resolve, graceMs, "timeout")
    )
    if ((await Promise.race([exited, timer])) === "timeout") {
      signalGroup(child, "SIGKILL")
      await exited
    }
  }
  // The group may hold processes the leader left behind (a forked server): make sure they are gone.
  signalGroup(child, "SIGKILL")
}

/** Every child still running, newest first. */
function runningChildren() {
  return [...running].reverse()
}

module.exports = { spawnGroup, runToEnd, stopGroup, runningChildren }
