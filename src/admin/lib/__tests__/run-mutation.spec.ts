import { MutationObserver, QueryClient } from "@tanstack/react-query"
import { runMutation } from "../run-mutation"

/**
 * An inbox row's Retry button, or a payout's Approve, is gone from the page once the refetch after its
 * success moves the row on. What the store owner is told must not depend on whether the button is still
 * there when the mutation ends.
 */

/** A mutation as a button holds it, answered when the test says, and the button's going away. */
function button<T>() {
  let answer!: (value: T) => void
  let refuse!: (error: Error) => void
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
    mutation: { mutateAsync: (id: string) => observer.mutate(id) },
    observer,
    unmount,
    answer: (value: T) => answer(value),
    refuse: (error: Error) => refuse(error),
  }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20))

it("drops mutate's callbacks when the button is gone first (why the admin does not use them)", async () => {
  const b = button<{ outcome: string }>()
  const told: string[] = []
  b.observer
    .mutate("pxntf_1", { onSuccess: ({ outcome }) => told.push(outcome) })
    .catch(() => {})
  await settled()
  b.unmount()
  b.answer({ outcome: "processed" })
  await settled()
  expect(told).toEqual([])
})

it("reports the answer even when the button is gone before the mutation ends", async () => {
  const b = button<{ outcome: string }>()
  const told: string[] = []
  runMutation(b.mutation, "pxntf_1", ({ outcome }) => told.push(outcome))
  await settled()
  b.unmount()
  b.answer({ outcome: "processed" })
  await settled()
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
  await settled()
  b.unmount()
  b.refuse(new Error("id: the notification is resolved"))
  await settled()
  expect(errors).toEqual(["id: the notification is resolved"])
})
