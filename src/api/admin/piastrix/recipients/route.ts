import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  findRecipient,
  listRecipients,
  withMaskedAccount,
} from "../../../../lib/payouts"
import { PIASTRIX_MODULE } from "../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../modules/piastrix/service"
import {
  checkWithdrawAccountFormat,
  payoutsOf,
  requireAccountKey,
} from "../payout-helpers"
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
  const { recipients, count } = await listRecipients(payoutsOf(req).db, {
    limit,
    offset,
  })
  res.json({
    recipients: recipients.map(withMaskedAccount),
    count,
    limit,
    offset,
  })
}

/**
 * Adds a recipient; a withdraw account must match its payway's format (400 naming the field), checked before
 * it is encrypted (the module service encrypts it; without an account key, 400 naming it). Hold, schedule and
 * minimum left out take the store's defaults (options or the admin's settings).
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCreateRecipientType>,
  res: MedusaResponse
) => {
  const ctx = payoutsOf(req)
  const input = req.validatedBody
  requireAccountKey(ctx)
  await checkWithdrawAccountFormat(ctx, input)
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const defaults = (await ctx.effectiveOptions()).payouts
  const created = await piastrix.createPiastrixRecipients({
    ...input,
    hold_days: input.hold_days ?? defaults.defaultHoldDays,
    schedule: input.schedule ?? defaults.defaultSchedule,
    minimum_payout: input.minimum_payout ?? defaults.defaultMinimumPayout,
    payway: input.rail === "withdraw" ? input.payway : null,
    account_details: input.account_details ?? null,
  } as never)
  res.status(201).json({
    recipient: withMaskedAccount((await findRecipient(ctx.db, created.id))!),
  })
}
