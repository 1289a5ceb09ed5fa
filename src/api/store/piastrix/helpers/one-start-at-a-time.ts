import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeError } from "../../../../lib/plugin"
import { attemptLimits } from "./too-many-attempts"

/** The lease's name (repositories/lease.ts), per payment collection. */
const LEASE = "sessionStart"
/** Longer than the slowest start (a lost create reply, its status read and one more create, 15 s each). */
const LEASE_SECONDS = 120
/** How long a start waits for the one before it; then 409, which the storefront kit tries again. */
export const SESSION_START_WAIT_MS = 20_000
/** Pauses between looks at the lease, the last one repeated. */
const LOOK_AGAIN_MS = [50, 100, 200, 400]

const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * On Medusa's `POST /store/payment-collections/:id/payment-sessions`: the starts of one payment collection run
 * one at a time, across instances, whatever their provider. Medusa's `createPaymentSessionsWorkflow` reads the
 * collection's sessions, then creates the new one and deletes those it read, with no lock: two starts at once
 * both delete the same earlier session, and the one that finds it gone fails "Could not delete all payment
 * sessions" (500) after opening a payment at the service, while its compensation starts the deleted session
 * again (another payment opened); or neither finds the other's, and the collection is left with two live
 * sessions. So a start waits for the lease of its collection (Postgres, `piastrix_poll`), held until the route
 * has answered; past `SESSION_START_WAIT_MS` it is answered 409 `conflict`. Runs after the attempt limit, so
 * a start refused there waits for nothing.
 */
export async function oneSessionStartAtATime(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const piastrix = attemptLimits(req.scope)
  const collectionId = req.params.id
  const deadline = Date.now() + SESSION_START_WAIT_MS
  let token: string | null = null
  for (let look = 0; ; look++) {
    token = await piastrix.takeLease(LEASE, collectionId, LEASE_SECONDS)
    if (token || Date.now() >= deadline) {
      break
    }
    await sleep(LOOK_AGAIN_MS[Math.min(look, LOOK_AGAIN_MS.length - 1)])
  }
  if (!token) {
    req.scope
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Piastrix session start: payment collection ${collectionId}: another start still running after ${SESSION_START_WAIT_MS / 1000} s; answered 409`
      )
    res.status(409).set("Retry-After", "2").json({
      type: "conflict",
      message:
        "Another payment start for this cart is in progress; try again shortly",
    })
    return
  }
  // Released as the route answers: Medusa's workflow has finished then, whatever it answered.
  const held = token
  const end = res.end
  res.end = function (this: MedusaResponse, ...args: unknown[]) {
    res.end = end
    piastrix.releaseLease(LEASE, collectionId, held).catch((error) => {
      req.scope
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .warn(
          `Piastrix session start: payment collection ${collectionId}: lease not released (it lapses by itself): ${describeError(error)}`
        )
    })
    return end.apply(this, args as Parameters<typeof end>)
  } as typeof res.end
  next()
}
