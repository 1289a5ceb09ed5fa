import { toast } from "@medusajs/ui"
import { messageOf } from "./api"

/**
 * Runs a mutation and reports how it ended: `onSuccess` with the answer, `onError` (by default a toast with
 * the route's message) with the error.
 *
 * Not `mutation.mutate(variables, { onSuccess, onError })`: TanStack Query skips those callbacks when the
 * component that called it is gone by the time the mutation ends, and the refetch after a success often
 * takes it away (an inbox row's Retry goes once the row is processed, a payout's Approve once it is
 * approved). The store owner then saw the row change and no message. The promise of `mutateAsync` settles
 * whatever is still on the page.
 */
export function runMutation<TData, TVariables>(
  mutation: { mutateAsync: (variables: TVariables) => Promise<TData> },
  variables: TVariables,
  onSuccess: (data: TData) => void,
  onError: (error: unknown) => void = (error) => toast.error(messageOf(error))
): void {
  void mutation.mutateAsync(variables).then(onSuccess, onError)
}
