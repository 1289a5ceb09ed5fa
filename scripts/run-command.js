// A command run to its end with its output kept, not shown: for the scripts and suites that build, install
// or migrate something and only need to see the output when it fails (scripts/example-storefront.js, the
// release suite, integration-tests/helpers/medusa-process.ts). The dev command's children, whose output is
// shown as it comes, are scripts/dev-processes.js.
const { spawn } = require("node:child_process")

/**
 * Runs `command` to its end in `cwd`. Resolves with its output (stdout and stderr together) and the seconds
 * it took; rejects when it cannot start or exits otherwise than with 0, with `label` (the command line by
 * default), the exit code and the output's last `tail` characters. `onExit(code, seconds)` is told either way.
 */
function runCommand(
  command,
  args,
  {
    cwd,
    env = process.env,
    label = `${command} ${args.join(" ")}`,
    tail = 4000,
    onExit,
  } = {}
) {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (d) => (output += d))
    child.stderr.on("data", (d) => (output += d))
    child.once("error", reject)
    child.once("exit", (code) => {
      const seconds = (Date.now() - started) / 1000
      onExit?.(code, seconds)
      if (code === 0) {
        resolve({ output, seconds })
      } else {
        reject(
          new Error(
            `${label} failed (${code}) in ${cwd}:\n${output.slice(-tail)}`
          )
        )
      }
    })
  })
}

module.exports = { runCommand }
