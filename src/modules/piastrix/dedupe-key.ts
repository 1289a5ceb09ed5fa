import { createHash } from "node:crypto"

/**
 * The inbox's identity of a notification: sha256 of its signed content (every field but `sign`,
 * keys sorted, values as sent). A resend of the same notification, form-encoded or JSON, has the
 * same key; a new notification for the same order (rejected after a success, a second payment)
 * differs in at least one signed field, so it gets its own row.
 */
export function notificationDedupeKey(fields: Record<string, string | null>): string {
  const entries = Object.keys(fields)
    .filter((key) => key !== "sign")
    .sort()
    .map((key) => [key, fields[key]])
  return createHash("sha256").update(JSON.stringify(entries)).digest("hex")
}
