// ESLint for the whole repository (`npm run lint`, checked by `npm test`): typescript-eslint's recommended
// rules, without type information (fast enough to run on every test run). Rules switched off say why.
import js from "@eslint/js"
import tseslint from "typescript-eslint"
import globals from "globals"

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".medusa/",
      ".tmp/",
      "public/",
      "test-results/",
      "coverage/",
      "dev/storefront/vendor/",
      // The example storefront's build output and the files Next.js writes.
      "examples/*/.next/",
      "examples/*/.plugin/",
      "examples/*/next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused arguments named with a leading underscore say "deliberately ignored" (an interface's signature).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
        },
      ],
      // Medusa's Query answers and test fixtures are untyped JSON; `any` there is honest, a made-up type is not.
      "@typescript-eslint/no-explicit-any": "off",
      // `catch {}` around best-effort cleanup (a process already gone) is intended.
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    // Plain Node scripts, the sandbox's bin and the demo storefront's server are CommonJS.
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Suites load the repository's plain JavaScript scripts (scripts/*.js) the way Node does.
    files: ["integration-tests/**/*.ts", "src/**/__tests__/**/*.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The storefront's page script runs in the browser.
    files: ["dev/storefront/**/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  }
)
