import { MutationObserver, QueryClient } from "@tanstack/react-query"
import { runMutation } from "../run-mutation"

/**
 * An inbox row's Retry button, or a payout's Approve, is gone from the page once the refetch after its
 * success moves the row on. What the store owner is told must not depend on whether the button is still
 * there when the mutation ends.
 */

/** Resolves once `condition` holds, checking after each turn of the event loop. */
async function until(condition: () => boolean) {
  while (!condition()) {
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** A mutation as a button holds it, answered when the test says, and the button's going away. */
function button<T>() {
  let answer: ((value: T) => void) | undefined
  let refuse: ((error: Error) => void) | undefined
  let running: Promise<T> | undefined
  const client = new QueryClient()
  const observer = new MutationObserver<T, Error, string>(client, {
    mutationFn: () =>
      new Promise<T>((resolve, reject) => {
        answer = resolve
        refuse = reject
      }),
  })
  const unmount = observer.subscribe(() => {})
  return {
    mutation: {
      mutateAsync: (id: string) => (running = observer.mutate(id)),
    },
    observer,
    unmount,
    /** TanStack calls the mutation function a turn after mutate. */
    started: () => until(() => answer !== undefined),
    /** Settles after every handler that was waiting on the mutation's end has run. */
    ended: () => running!.then(noop, noop),
    answer: (value: T) => answer!(value),
    refuse: (error: Error) => refuse!(error),
  }
}

const noop = () => {}

it("drops mutate's callbacks when the button is gone first (why the admin does not use them)", async () => {
  const b = button<{ outcome: string }>()
  const told: string[] = []
  const mutated = b.observer.mutate("pxntf_1", {
    onSuccess: ({ outcome }) => told.push(outcome),
  })
  await b.started()
  b.unmount()
  b.answer({ outcome: "processed" })
  // The mutation did end with the answer; its callback was not called.
  await expect(mutated).resolves.toEqual({ outcome: "processed" })
  expect(told).toEqual([])
})

it("calls mutate's callbacks while the button is still there (the case above differs only in the unmount)", async () => {
  const b = button<{ outcome: string }>()
  const told: string[] = []
  const mutated = b.observer.mutate("pxntf_1", {
    onSuccess: ({ outcome }) => told.push(outcome),
  })
  await b.started()
  b.answer({ outcome: "processed" })
  await expect(mutated).resolves.toEqual({ outcome: "processed" })
  expect(told).toEqual(["processed"])
})

it("reports the answer even when the button is gone before the mutation ends", async () => {
  const b = button<{ outcome: string }>()
  const told: string[] = []
  runMutation(b.mutation, "pxntf_1", ({ outcome }) => told.push(outcome))
  await b.started()
  b.unmount()
  b.answer({ outcome: "processed" })
  await b.ended()
  expect(told).toEqual(["processed"])
})

it("reports the route's error the same way, to the handler it is given", async () => {
  const b = button<{ outcome: string }>()
  const errors: string[] = []
  runMutation(
    b.mutation,
    "pxntf_1",
    () => errors.push("no error expected"),
    (error) => errors.push((error as Error).message)
  )
  await b.started()
  b.unmount()
  b.refuse(new Error("id: the notification is resolved"))
  await b.ended()
  expect(errors).toEqual(["id: the notification is resolved"])
})
