import { MedusaError } from "@medusajs/framework/utils"
import type {
  InitiatePaymentInput,
  InitiatePaymentOutput,
} from "@medusajs/framework/types"
import { PiastrixBase } from "../core/piastrix-base"
import { PROVIDER_IDENTIFIERS, type PaymentKind } from "../../../lib/plugin"

/**
 * Card payments host-to-host (`/invoice/create` with an h2h card payway, then `/h2h_data`): the
 * storefront shows its own card form and the browser posts it straight to the service; card data
 * never passes through Medusa.
 */
export class PiastrixCardService extends PiastrixBase {
  static identifier = PROVIDER_IDENTIFIERS.card

  protected readonly kind: PaymentKind = "card"

  /**
   * `h2hUrl` is checked here rather than at boot: all four services come from one providers entry,
   * and a shop without host-to-host card access must still be able to start with the other three.
   */
  async initiatePayment(
    input: InitiatePaymentInput
  ): Promise<InitiatePaymentOutput> {
    if (!this.options_.h2hUrl) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "piastrix-card is not available: the store has no h2hUrl option (the {h2h_url} address the Piastrix " +
          "account manager supplies); choose another payment method"
      )
    }
    return super.initiatePayment(input)
  }
}

export default PiastrixCardService
