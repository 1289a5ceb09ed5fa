import fs from "node:fs"
import path from "node:path"
import ts from "typescript"

/**
 * The README's production layout is the one the scale suite runs: its `medusa-config.ts` block names the
 * same Medusa modules, with the same options, as the repository's medusa-config.ts with REDIS_URL set.
 */
const ROOT = path.resolve(__dirname, "..", "..")

function readmeBlock(marker: string): string {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
  const at = readme.indexOf(`<!-- ${marker} -->`)
  expect(at).toBeGreaterThan(-1)
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at))
  return block![1]
}

/** `resolve` -> options of every Medusa infrastructure module in a config's modules. */
function redisModulesOf(modules: Record<string, any>): Record<string, unknown> {
  const found: Record<string, unknown> = {}
  for (const entry of Object.values(modules)) {
    if (
      typeof entry?.resolve === "string" &&
      /redis|locking/.test(entry.resolve)
    ) {
      found[entry.resolve] = entry.options
    }
  }
  return found
}

it("names the Redis modules, their options and the worker mode exactly as the tested medusa-config.ts does", () => {
  const block = readmeBlock("scale-suite: medusa-config.ts")
  const redisUrl = "redis://127.0.0.1:6399"
  const saved = { ...process.env }
  Object.assign(process.env, {
    REDIS_URL: redisUrl,
    MEDUSA_WORKER_MODE: "worker",
  })
  let tested: any
  jest.isolateModules(() => {
    tested = require(path.join(ROOT, "medusa-config.ts"))
  })
  process.env = saved

  // The README's block is evaluated as written, with the same Redis URL.
  const defineConfig = (config: any) => config
  const readmeModule = { exports: {} as any }
  const js = ts.transpileModule(block, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2020,
    },
  })
  new Function("module", "defineConfig", "process", "piastrix", js.outputText)(
    readmeModule,
    defineConfig,
    { env: { REDIS_URL: redisUrl, MEDUSA_WORKER_MODE: "worker" } },
    {}
  )
  const readme = readmeModule.exports
  const readmeModules = redisModulesOf(
    Object.fromEntries(readme.modules.map((m: any, i: number) => [i, m]))
  )
  expect(Object.keys(readmeModules).sort()).toEqual([
    "@medusajs/medusa/cache-redis",
    "@medusajs/medusa/event-bus-redis",
    "@medusajs/medusa/locking",
    "@medusajs/medusa/workflow-engine-redis",
  ])
  expect(redisModulesOf(tested.modules)).toEqual(readmeModules)
  expect(tested.projectConfig).toEqual(
    expect.objectContaining({ redisUrl, workerMode: "worker" })
  )
  expect(readme.projectConfig).toEqual(
    expect.objectContaining({ redisUrl, workerMode: "worker" })
  )
})
