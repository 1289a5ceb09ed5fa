import { randomUUID } from "node:crypto"
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import { describeError, isLockContention } from "../../../../lib/plugin"
import { cartOfPaymentCollection } from "../../../../workflows/piastrix-notification/utils/find-order"
import { attemptLimits } from "./too-many-attempts"

/** The lease's name (repositories/lease.ts), per payment collection. */
const LEASE = "sessionStart"
/**
 * Longer than the slowest start (a lost create reply, its status read and one more create, 15 s each): the
 * lease and the cart's lock lapse by themselves after it when their holder died.
 */
const LEASE_SECONDS = 120
/** How long a start waits for the one before it and for the cart's lock; then 409, which the storefront kit tries again. */
export const SESSION_START_WAIT_MS = 20_000
/** Pauses between looks at the lease and the lock, the last one repeated. */
const LOOK_AGAIN_MS = [50, 100, 200, 400]

const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * On Medusa's `POST /store/payment-collections/:id/payment-sessions`, whatever the provider: a start runs alone
 * among the starts of its payment collection, and alone among the requests that change its cart, across
 * instances. Medusa's `createPaymentSessionsWorkflow` reads the collection's sessions, then creates the new one
 * and deletes those it read, with no lock:
 * - Two starts at once both delete the same earlier session, and the one that finds it gone fails "Could not
 *   delete all payment sessions" (500) after opening a payment at the service, while its compensation starts
 *   the deleted session again (another payment opened); or neither finds the other's, and the collection is
 *   left with two live sessions. So a start waits for the lease of its collection (Postgres, `piastrix_poll`).
 * - A start during the cart's completion deletes the session the completion is authorizing: the completion
 *   fails and no order is placed, with the payer sent to pay the new one. Medusa's completion (and every change
 *   of a cart) holds the cart's lock (Medusa's locking module, key: the cart's id; in-memory, or Redis in the
 *   production layout), so a start waits for that lock too and holds it; under it, a cart the completion
 *   completed is refused (400, as Medusa refuses any change of a completed cart): its session is the order's.
 * Both are held until the route has answered, and taken in that order (a completion never waits for the
 * lease). Past `SESSION_START_WAIT_MS` a start is answered 409 `conflict`. Runs after the attempt limit, so
 * a start refused there waits for nothing.
 */
export async function oneSessionStartAtATime(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const piastrix = attemptLimits(req.scope)
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const collectionId = req.params.id
  const deadline = Date.now() + SESSION_START_WAIT_MS
  const lease = await lookUntil(deadline, () =>
    piastrix.takeLease(LEASE, collectionId, LEASE_SECONDS)
  )
  if (!lease) {
    logger.warn(
      `Piastrix session start: payment collection ${collectionId}: another start still running after ${SESSION_START_WAIT_MS / 1000} s; answered 409`
    )
    return answerConflict(
      res,
      "Another payment start for this cart is in progress; try again shortly"
    )
  }
  // Released as the route answers: Medusa's workflow has finished then, whatever it answered.
  whenAnswered(res, () =>
    piastrix.releaseLease(LEASE, collectionId, lease).catch((error) => {
      logger.warn(
        `Piastrix session start: payment collection ${collectionId}: lease not released (it lapses by itself): ${describeError(error)}`
      )
    })
  )
  const cartId = await cartOfPaymentCollection(req.scope, collectionId)
  if (!cartId) {
    // An order's payment collection (an order edit, a claim): no cart, no completion to wait for.
    return next()
  }
  const locking = req.scope.resolve(Modules.LOCKING)
  const ownerId = `piastrix-session-start:${randomUUID()}`
  let waiting = false
  const locked = await lookUntil(deadline, async () => {
    try {
      await locking.acquire(cartId, { ownerId, expire: LEASE_SECONDS })
      return true
    } catch (error) {
      if (!isLockContention(describeError(error))) {
        throw error
      }
      if (!waiting) {
        waiting = true
        logger.info(
          `Piastrix session start: payment collection ${collectionId} waits for the lock of cart ${cartId} (its completion, or a change to it, is running)`
        )
      }
      return null
    }
  }).catch((error) => error as Error)
  if (locked instanceof Error) {
    return next(locked)
  }
  if (!locked) {
    logger.warn(
      `Piastrix session start: payment collection ${collectionId}: cart ${cartId} still locked after ${SESSION_START_WAIT_MS / 1000} s; answered 409`
    )
    return answerConflict(
      res,
      "This cart is being completed or changed; try again shortly"
    )
  }
  whenAnswered(res, () =>
    locking.release(cartId, { ownerId }).catch((error) => {
      logger.warn(
        `Piastrix session start: cart ${cartId}: lock not released (it lapses by itself): ${describeError(error)}`
      )
    })
  )
  const { data: carts } = await req.scope
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "cart",
      fields: ["id", "completed_at"],
      filters: { id: cartId },
    })
  if (carts[0]?.completed_at) {
    return next(
      new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `id: cart ${cartId} is already completed: its payment is its order's, and no other can be started`
      )
    )
  }
  next()
}

/** Calls `take` until it answers something, pausing between calls, or until `deadline`; null then. */
async function lookUntil<T>(
  deadline: number,
  take: () => Promise<T | null>
): Promise<T | null> {
  for (let look = 0; ; look++) {
    const taken = await take()
    if (taken || Date.now() >= deadline) {
      return taken
    }
    await sleep(LOOK_AGAIN_MS[Math.min(look, LOOK_AGAIN_MS.length - 1)])
  }
}

function answerConflict(res: MedusaResponse, message: string) {
  res.status(409).set("Retry-After", "2").json({ type: "conflict", message })
}

/** Runs `done` once the route has answered (each `end` patched in turn, so every one runs). */
function whenAnswered(res: MedusaResponse, done: () => void) {
  const end = res.end
  res.end = function (this: MedusaResponse, ...args: unknown[]) {
    res.end = end
    done()
    return end.apply(this, args as Parameters<typeof end>)
  } as typeof res.end
}
