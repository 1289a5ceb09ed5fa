import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { MedusaError } from "@medusajs/framework/utils"
import { isPiastrixProviderId } from "../../lib/plugin"
import { PIASTRIX_MODULE } from "../../modules/piastrix"
import type PiastrixModuleService from "../../modules/piastrix/service"

type CartSession = {
  provider_id?: string | null
  status?: string | null
  data?: { shop_order_id?: unknown } | null
}

/**
 * A cart whose Piastrix session is already authorized completes again without Medusa asking the provider
 * (its authorization is idempotent): a completion that failed after authorizing left it so, its payment's
 * cancel refused (the money is paid, piastrix-base.ts). If that money went back to the payer meanwhile (Refund
 * in the inbox), the cart must not become an order with it. Reads nothing for a session not yet authorized.
 */
completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  const sessions = ((
    cart as { payment_collection?: { payment_sessions?: CartSession[] } }
  ).payment_collection?.payment_sessions ?? []) as CartSession[]
  const authorized = sessions.filter(
    (s) =>
      isPiastrixProviderId(s.provider_id) &&
      s.status === "authorized" &&
      typeof s.data?.shop_order_id === "string"
  )
  if (!authorized.length) {
    return
  }
  const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  for (const session of authorized) {
    const shopOrderId = session.data!.shop_order_id as string
    if (await piastrix.isPaymentRefunded(shopOrderId)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The Piastrix payment ${shopOrderId} went back to the payer: it cannot pay for an order; start a new payment`
      )
    }
  }
})
