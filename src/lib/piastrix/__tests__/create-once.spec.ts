import { createOnce, resolveLostCreate } from "../create-once"
import { PiastrixApiError, PiastrixOutcomeUnknownError } from "../errors"

const lost = () =>
  new PiastrixOutcomeUnknownError("/transfer/create", {
    kind: "network",
    code: "ECONNRESET",
    message: "reset",
  })
const apiError = (errorCode: number) =>
  new PiastrixApiError({
    endpoint: "/transfer/create",
    errorCode,
    message: "no",
    httpStatus: 200,
  })

/** A service that records what it was asked. */
function service(answers: {
  create: Array<() => unknown>
  find: Array<() => unknown>
}) {
  const calls: string[] = []
  const next = (kind: "create" | "find") => async () => {
    calls.push(kind)
    const answer = answers[kind].shift()
    if (!answer) {
      throw new Error(`unexpected ${kind}`)
    }
    return answer() as any
  }
  return { calls, steps: { create: next("create"), find: next("find") } }
}

describe("createOnce", () => {
  it("returns what the create made", async () => {
    const s = service({ create: [() => ({ id: 1 })], find: [] })
    expect(await createOnce(s.steps)).toEqual({
      state: "made",
      record: { id: 1 },
    })
    expect(s.calls).toEqual(["create"])
  })

  it("after a lost reply, reads the status and does not create again when the service made it", async () => {
    const s = service({
      create: [
        () => {
          throw lost()
        },
      ],
      find: [() => ({ id: 7 })],
    })
    expect(await createOnce(s.steps)).toEqual({
      state: "made",
      record: { id: 7 },
    })
    expect(s.calls).toEqual(["create", "find"])
  })

  it("creates again with the same steps only when the service says it never made it", async () => {
    const s = service({
      create: [
        () => {
          throw lost()
        },
        () => ({ id: 8 }),
      ],
      find: [() => null],
    })
    expect(await createOnce(s.steps)).toEqual({
      state: "made",
      record: { id: 8 },
    })
    expect(s.calls).toEqual(["create", "find", "create"])
  })

  it("reads the status on 'not unique' (6) instead of failing", async () => {
    const s = service({
      create: [
        () => {
          throw apiError(6)
        },
      ],
      find: [() => ({ id: 9 })],
    })
    expect(await createOnce(s.steps)).toEqual({
      state: "made",
      record: { id: 9 },
    })
  })

  it("stays unknown when the status may not be asked yet, without asking", async () => {
    const s = service({
      create: [
        () => {
          throw lost()
        },
      ],
      find: [],
    })
    const outcome = await createOnce({ ...s.steps, mayAsk: async () => false })
    expect(outcome.state).toBe("unknown")
    expect(s.calls).toEqual(["create"])
  })

  it("throws a refusal, which made nothing", async () => {
    const s = service({
      create: [
        () => {
          throw apiError(9)
        },
      ],
      find: [],
    })
    await expect(createOnce(s.steps)).rejects.toMatchObject({ errorCode: 9 })
  })
})

describe("resolveLostCreate", () => {
  it("stays unknown when the second create is lost too, never a third", async () => {
    const s = service({
      create: [
        () => {
          throw lost()
        },
      ],
      find: [() => null],
    })
    expect((await resolveLostCreate(s.steps)).state).toBe("unknown")
    expect(s.calls).toEqual(["find", "create"])
  })

  it("stays unknown when the status cannot be read", async () => {
    const s = service({
      create: [],
      find: [
        () => {
          throw new Error("timeout")
        },
      ],
    })
    expect((await resolveLostCreate(s.steps)).state).toBe("unknown")
  })
})
