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

/** Faults a test showed never fired, on purpose (`expectFaultNotFired`): the check after each test leaves them. */
const meantNotToFire = new Set<string>()
const faultKey = (sandbox: RunningSandbox, id: number) => `${sandbox.url} ${id}`

/**
 * A fault set up to show the service was not asked (a cached answer, a request never sent): it fired on
 * nothing. The check after each test then leaves it out.
 */
export async function expectFaultNotFired(
  sandbox: RunningSandbox,
  id: number
): Promise<void> {
  const fault = (await faultHistory(sandbox)).find((f) => f.id === id)
  expect(fault).toMatchObject({ id, fired: 0 })
  meantNotToFire.add(faultKey(sandbox, id))
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
      .filter(
        (f) =>
          f.id > afterId &&
          f.fired === 0 &&
          !meantNotToFire.has(faultKey(sandbox, f.id))
      )
      .map(
        (f) =>
          `fault ${f.id} (${f.type} on ${f.path ?? "every path"}) never fired`
      )
  ).toEqual([])
  return history
}
