import { boundedWork } from "../bounded-work"

/** A piece of work that ends when the test says so. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** Lets every settled promise's continuation run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe("boundedWork", () => {
  it("runs at most `concurrency` at once and the rest in the order offered, as places free", async () => {
    const work = boundedWork({ concurrency: 2, capacity: 10 })
    const gates = Array.from({ length: 5 }, gate)
    const started: number[] = []
    const runs = gates.map((g, i) =>
      work.run(async () => {
        started.push(i)
        await g.opened
      })
    )
    await settle()
    expect(started).toEqual([0, 1])
    expect([work.running, work.waiting]).toEqual([2, 3])
    gates[1].open()
    await settle()
    expect(started).toEqual([0, 1, 2])
    gates[0].open()
    gates[2].open()
    await settle()
    expect(started).toEqual([0, 1, 2, 3, 4])
    gates[3].open()
    gates[4].open()
    expect(await Promise.all(runs)).toEqual([true, true, true, true, true])
    expect([work.running, work.waiting]).toEqual([0, 0])
  })

  it("does not take work while `capacity` pieces wait, and takes it again once one started", async () => {
    const work = boundedWork({ concurrency: 1, capacity: 1 })
    const first = gate()
    const second = gate()
    const running = work.run(() => first.opened)
    const waiting = work.run(() => second.opened)
    let ran = false
    expect(
      await work.run(async () => {
        ran = true
      })
    ).toBe(false)
    expect(ran).toBe(false)
    first.open()
    await settle()
    expect(work.waiting).toBe(0)
    const third = work.run(async () => {
      ran = true
    })
    second.open()
    expect(await Promise.all([running, waiting, third])).toEqual([
      true,
      true,
      true,
    ])
    expect(ran).toBe(true)
  })

  it("frees the place of work that threw", async () => {
    const work = boundedWork({ concurrency: 1, capacity: 5 })
    await expect(
      work.run(async () => {
        throw new Error("boom")
      })
    ).rejects.toThrow("boom")
    expect(await work.run(async () => {})).toBe(true)
    expect(work.running).toBe(0)
  })
})
