// Keeps a server process alive for the dev command (scripts/dev.js): Medusa's `medusa develop`, whose parent
// process can outlive the server it forks (a crash of the server leaves the watcher running), so the
// parent's exit is not enough. Its health URL is asked every few seconds, and a server that exits or stops
// answering is restarted, at most `maxRestarts` times within `windowMs`; then everything stops, saying why.
const { spawnGroup, stopGroup } = require("./dev-processes")

async function waitForHealth(url, { timeoutMs, isAlive }) {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (isAlive && !isAlive()) {
      throw new Error(`the process that should answer ${url} exited`)
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (res.ok) {
        return
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(
    `${url} did not answer within ${Math.round(timeoutMs / 1000)} s`
  )
}

/**
 * Starts `command` and supervises it. Returns once it first answers `healthUrl`, with `current()` (the
 * running child) and `stop()` (ends the supervision, not the child). `stopAll(code)` is called when it
 * gives up.
 */
async function supervise({
  name,
  command,
  args,
  env,
  healthUrl,
  log,
  isStopping,
  stopAll,
  everyMs = 5000,
  misses: allowedMisses = 6,
  maxRestarts = 3,
  windowMs = 10 * 60_000,
  startTimeoutMs = 180_000,
  quiet = false,
}) {
  const restarts = []
  let child = null
  let stopped = false

  const start = async () => {
    log(`starting ${name}`)
    child = spawnGroup(name, command, args, { env, quiet })
    const started = child
    started.on("exit", (code) => {
      if (!stopped && !isStopping() && started === child) {
        void restart(`${name} exited (${code})`)
      }
    })
    await waitForHealth(healthUrl, {
      timeoutMs: startTimeoutMs,
      isAlive: () => started.exitCode === null,
    })
  }

  let restarting = false
  const restart = async (reason) => {
    if (restarting) {
      return
    }
    restarting = true
    try {
      await restartNow(reason)
    } finally {
      restarting = false
    }
  }
  const restartNow = async (reason) => {
    if (stopped || isStopping()) {
      return
    }
    const now = Date.now()
    while (restarts.length && now - restarts[0] > windowMs) {
      restarts.shift()
    }
    if (restarts.length >= maxRestarts) {
      log(
        `${reason}; it was restarted ${maxRestarts} times in ${Math.round(windowMs / 60000)} minutes, so everything stops`
      )
      stopped = true
      await stopAll(1)
      return
    }
    restarts.push(now)
    log(`${reason}; restarting it`)
    const dead = child
    child = null
    await stopGroup(dead, 2000)
    try {
      await start()
      log(`${name} is back`)
    } catch (err) {
      await restartNow(`${name} did not come back: ${err.message}`)
    }
  }

  await start()
  let misses = 0
  const timer = setInterval(async () => {
    if (stopped || isStopping() || !child || restarting) {
      return
    }
    const ok = await fetch(healthUrl, {
      signal: AbortSignal.timeout(Math.min(3000, everyMs)),
    }).then(
      (res) => res.ok,
      () => false
    )
    misses = ok ? 0 : misses + 1
    if (misses >= allowedMisses) {
      misses = 0
      await restart(`${name} stopped answering ${healthUrl}`)
    }
  }, everyMs)
  timer.unref()
  return {
    current: () => child,
    stop: () => {
      stopped = true
      clearInterval(timer)
    },
  }
}

module.exports = { supervise, waitForHealth }
