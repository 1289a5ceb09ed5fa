// The plain closing line `N passed, N failed` that this workplace's CI reads. Under `npm test` the counts
// go to a file and scripts/test.js prints the line after jest has exited, so nothing can print after it;
// under a bare `npx jest` the line is printed here.
const fs = require("node:fs")

module.exports = (results) => {
  const counts = {
    passed: results.numPassedTests,
    failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
    skipped: results.numPendingTests + results.numTodoTests,
  }
  if (process.env.PIASTRIX_TEST_SUMMARY) {
    fs.writeFileSync(process.env.PIASTRIX_TEST_SUMMARY, JSON.stringify(counts))
  } else {
    process.stdout.write(`\n${summaryLine(counts)}\n`)
  }
  return results
}

function summaryLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`
}

module.exports.summaryLine = summaryLine
