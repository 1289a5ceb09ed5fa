import type { RunningSandbox } from "../../sandbox/src"
import { sandboxControl } from "./callbacks"

export type FiredFault = {
  id: number
  type: string
  path: string | null
  times: number | null
  fired: number
  active: boolean
}

/**
 * Every fault added to the sandbox since its last reset fired at least once (`GET /__sandbox/faults/history`):
 * a fault a test sets up that never applied proves nothing about the behaviour the test names. Returns the
 * history, for a test that counts more precisely.
 */
export async function expectFaultsFired(
  sandbox: RunningSandbox
): Promise<FiredFault[]> {
  const history = await sandboxControl<FiredFault[]>(
    sandbox,
    "GET",
    "faults/history"
  )
  expect(
    history
      .filter((f) => f.fired === 0)
      .map(
        (f) =>
          `fault ${f.id} (${f.type} on ${f.path ?? "every path"}) never fired`
      )
  ).toEqual([])
  return history
}
