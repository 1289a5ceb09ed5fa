import { Modules } from "@medusajs/framework/utils"
import type { PaymentSessionStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { NotificationRow } from "../../../modules/piastrix/types"
import { sealNotificationSummary } from "../../../providers/piastrix/notification-summary"
import { notificationSummaryOfRow } from "../notification-summary-of-row"
import type { TargetSession } from "../types"

export const attachPiastrixNotificationStepId = "attach-piastrix-notification"

export type AttachPiastrixNotificationInput = {
  notification: NotificationRow
  session: TargetSession
  /** Extra public session data (a failure), merged by Medusa into the stored data. */
  data?: Record<string, unknown>
  status?: `${PaymentSessionStatus}`
}

/**
 * Hands a verified notification to the provider: the provider cannot read the inbox (its container
 * is the payment module's), so the summary travels in the session data, sealed with the shop's
 * secret so that nothing a storefront writes into session data can pass for it.
 * `updatePaymentSession` calls the provider's `updatePayment` and Medusa merges the result into the
 * stored data; the next `authorizePayment` sees it. Writing the same sealed summary again is harmless.
 */
export const attachPiastrixNotificationStep = createStep(
  attachPiastrixNotificationStepId,
  async (input: AttachPiastrixNotificationInput, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const paymentModule = container.resolve(Modules.PAYMENT)
    const { secretKey } = piastrix.getOptions()
    const summary = sealNotificationSummary(notificationSummaryOfRow(input.notification), secretKey)
    await paymentModule.updatePaymentSession({
      id: input.session.id,
      // The amount is unchanged: the service cannot change a payment it created.
      amount: input.session.amount,
      currency_code: input.session.currency_code,
      data: { ...input.data, notification: summary },
      ...(input.status ? { status: input.status as PaymentSessionStatus } : {}),
    })
    return new StepResponse({ session_id: input.session.id })
  }
)
