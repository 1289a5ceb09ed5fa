// One jest configuration for every suite: unit tests in src/**/__tests__, the suites that boot
// Medusa, the sandbox, Postgres or a browser in integration-tests/, and the sandbox's own suites in
// sandbox/test/. Run through `npm test` (scripts/test.js), which provides Postgres and the environment
// these suites read at load time.
const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", decorators: true, tsx: true },
      transform: { decoratorMetadata: true, react: { runtime: "automatic" } },
      target: "es2021",
    },
  },
]

module.exports = {
  transform: { "^.+\\.[jt]sx?$": swc },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  // The example storefront is a project of its own (its packages, its build in .next).
  modulePathIgnorePatterns: [
    "dist/",
    "<rootDir>/.medusa/",
    "<rootDir>/examples/",
  ],
  testMatch: [
    "<rootDir>/src/**/__tests__/**/*.spec.[jt]s?(x)",
    "<rootDir>/integration-tests/**/*.spec.[jt]s",
    "<rootDir>/sandbox/test/**/*.spec.[jt]s",
  ],
  testTimeout: 60000,
  // CI reads the plain closing line `N passed, N failed`; a reporter would print it before jest's summary.
  testResultsProcessor: "<rootDir>/scripts/jest-summary-line.js",
}
