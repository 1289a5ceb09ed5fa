// The order of the in-band suites in the whole `npm test`. For their first ten minutes or so they share the
// machine's two cores with the process suites that run next to them (scripts/test.js). The suites that wait
// on a browser page or build a store from the tarball go last, once the process suites have usually ended;
// the rest keep jest's own order (failed first, then slowest first).
const Sequencer = require("@jest/test-sequencer").default

const LAST = [/\/integration-tests\/release\//, /\.browser\.spec\.[jt]s$/]
const rank = (test) => LAST.findIndex((pattern) => pattern.test(test.path))

class HeavyLast extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests)
    return [
      ...sorted.filter((test) => rank(test) === -1),
      ...LAST.flatMap((_, i) => sorted.filter((test) => rank(test) === i)),
    ]
  }
}

module.exports = HeavyLast
