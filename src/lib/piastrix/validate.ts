import { z } from "zod"
import { PiastrixValidationError } from "./errors"

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current = input
  for (const key of path) {
    if (current === null || typeof current !== "object") {
      return undefined
    }
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

/**
 * Parses caller input with `schema`; the first problem becomes a PiastrixValidationError naming the
 * field. Messages never quote the value (it may be a card number).
 */
export function validateInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  endpoint?: string
): z.output<S> {
  const parsed = schema.safeParse(input ?? {})
  if (parsed.success) {
    return parsed.data
  }
  const issue = parsed.error.issues[0]
  const field = issue.path.map(String).join(".") || "(input)"
  const missing =
    issue.path.length > 0 && valueAt(input, issue.path) === undefined
  throw new PiastrixValidationError(
    field,
    missing ? "is required" : issue.message,
    endpoint
  )
}
