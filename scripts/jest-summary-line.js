// The plain closing line `N passed, N failed` that this workplace's CI reads. Under `npm test` the counts
// go to a file and scripts/test.js prints the line after jest has exited, so nothing can print after it;
// under a bare `npx jest` the line is printed here.
const fs = require("node:fs")
const path = require("node:path")

module.exports = (results) => {
  const counts = {
    passed: results.numPassedTests,
    failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
    skipped: results.numPendingTests + results.numTodoTests,
    failures: failuresOf(results),
  }
  if (process.env.PIASTRIX_TEST_SUMMARY) {
    fs.writeFileSync(process.env.PIASTRIX_TEST_SUMMARY, JSON.stringify(counts))
  } else {
    process.stdout.write(
      `${failureList(counts.failures)}\n${summaryLine(counts)}\n`
    )
  }
  return results
}

/**
 * One line per failed test (or suite that failed to run): file, test name and the first line of its error.
 * `npm test` prints them just above its closing line, so a CI that shows only the end of the output still
 * names what failed.
 */
function failuresOf(results) {
  const firstLine = (text) =>
    String(text ?? "")
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .map((line) => line.trim())
      .find(Boolean)
      ?.slice(0, 240) ?? ""
  const lines = []
  for (const suite of results.testResults ?? []) {
    const file = path.relative(process.cwd(), suite.testFilePath)
    if (suite.testExecError) {
      lines.push(`${file}: ${firstLine(suite.testExecError.message)}`)
    }
    for (const test of suite.testResults ?? []) {
      if (test.status === "failed") {
        lines.push(
          `${file} › ${test.fullName.trim()}: ${firstLine(test.failureMessages?.[0])}`
        )
      }
    }
  }
  return lines
}

function summaryLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`
}

/** The failures as printed above the closing line ("" when none). */
function failureList(failures = []) {
  return failures.length
    ? `\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}\n`
    : ""
}

module.exports.summaryLine = summaryLine
module.exports.failureList = failureList
