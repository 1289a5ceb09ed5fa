import path from "node:path"
import ts from "typescript"
import { docBlock, ROOT } from "../helpers/doc-blocks"

/**
 * The documented production layout (docs/production.md) is the one the scale suite runs: its
 * `medusa-config.ts` block names the same Medusa modules, with the same options, as the repository's
 * medusa-config.ts with REDIS_URL set.
 */

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
  const block = docBlock("scale")
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

  // The documented block is evaluated as written, with the same Redis URL.
  const defineConfig = (config: any) => config
  const documentedModule = { exports: {} as any }
  const js = ts.transpileModule(block, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2020,
    },
  })
  new Function("module", "defineConfig", "process", "piastrix", js.outputText)(
    documentedModule,
    defineConfig,
    { env: { REDIS_URL: redisUrl, MEDUSA_WORKER_MODE: "worker" } },
    {}
  )
  const documented = documentedModule.exports
  const documentedModules = redisModulesOf(
    Object.fromEntries(documented.modules.map((m: any, i: number) => [i, m]))
  )
  expect(Object.keys(documentedModules).sort()).toEqual([
    "@medusajs/medusa/cache-redis",
    "@medusajs/medusa/event-bus-redis",
    "@medusajs/medusa/locking",
    "@medusajs/medusa/workflow-engine-redis",
  ])
  expect(redisModulesOf(tested.modules)).toEqual(documentedModules)
  expect(tested.projectConfig).toEqual(
    expect.objectContaining({ redisUrl, workerMode: "worker" })
  )
  expect(documented.projectConfig).toEqual(
    expect.objectContaining({ redisUrl, workerMode: "worker" })
  )
})
