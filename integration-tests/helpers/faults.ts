import type { RunningSandbox } from "../../sandbox/src"

export type FiredFault = {
  id: number
  type: string
  path: string | null
  times: number | null
  fired: number
  active: boolean
}

/** Every fault added to the sandbox since its last reset, with how often each fired. */
export async function faultHistory(
  sandbox: RunningSandbox
): Promise<FiredFault[]> {
  const res = await fetch(`${sandbox.url}/__sandbox/faults/history`)
  if (!res.ok) {
    throw new Error(`sandbox GET faults/history: ${res.status}`)
  }
  return (await res.json()) as FiredFault[]
}

/**
 * Every fault added to the sandbox since its last reset (or, given `afterId`, after that fault) fired at least
 * once (`GET /__sandbox/faults/history`): a fault a test sets up that never applied proves nothing about the
 * behaviour the test names. Returns the history, for a test that counts more precisely.
 */
export async function expectFaultsFired(
  sandbox: RunningSandbox,
  afterId = 0
): Promise<FiredFault[]> {
  const history = await faultHistory(sandbox)
  expect(
    history
      .filter((f) => f.id > afterId && f.fired === 0)
      .map(
        (f) =>
          `fault ${f.id} (${f.type} on ${f.path ?? "every path"}) never fired`
      )
  ).toEqual([])
  return history
}
