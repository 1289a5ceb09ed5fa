/**
 * A short, loggable description of any failure: never a payload or a stack. Workflow errors come
 * back as plain objects with a message, not as Error instances, so both are read.
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const named =
      error.name && error.name !== "Error"
        ? `${error.name}: ${error.message}`
        : error.message
    return named.slice(0, 500)
  }
  if (error && typeof error === "object" && "message" in error) {
    return String((error as { message: unknown }).message).slice(0, 500)
  }
  return String(error).slice(0, 200)
}

/**
 * Whether a failure described by `describeError` passes by itself: another process held a lock the work
 * needed, the cart's (every locking provider of Medusa's says "Failed to acquire lock for key ...", and the
 * Postgres one, when two take a free key at once, `"<key>" is already locked.`) or
 * one Medusa waits for a while, such as the stock of a product many carts buy at once, which a completion
 * waits 5 s for (every provider says "Timed-out acquiring lock."). Waiting and retrying is then the cure,
 * not a person.
 */
export function isLockContention(
  description: string | null | undefined
): boolean {
  return /Failed to acquire lock for key|Timed-out acquiring lock|" is already locked\./i.test(
    description ?? ""
  )
}
