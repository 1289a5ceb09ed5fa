import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { recipientView } from "../../../../lib/payouts"
import { createPiastrixRecipientWorkflow } from "../../../../workflows/piastrix-payouts"
import { piastrixModule } from "../helpers"
import type {
  AdminCreateRecipientType,
  AdminPageQueryType,
} from "../payout-validators"

/** Payout recipients (vendors), newest first, accounts masked. */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminPageQueryType>,
  res: MedusaResponse
) => {
  const { limit, offset } = req.validatedQuery as AdminPageQueryType
  const { recipients, count } = await piastrixModule(req).listRecipients({
    limit,
    offset,
  })
  res.json({
    recipients: recipients.map(recipientView),
    count,
    limit,
    offset,
  })
}

/**
 * Adds a recipient (`createPiastrixRecipientWorkflow`): without an account key, or with a withdraw account its
 * payway's format refuses, 400 naming it. Hold, schedule and minimum left out take the store's defaults.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCreateRecipientType>,
  res: MedusaResponse
) => {
  const { result: recipient } = await createPiastrixRecipientWorkflow(
    req.scope
  ).run({ input: req.validatedBody })
  res.status(201).json({ recipient })
}
