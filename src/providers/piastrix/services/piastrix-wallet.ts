import { PiastrixBase } from "../core/piastrix-base"
import { PROVIDER_IDENTIFIERS, type PaymentKind } from "../../../lib/plugin"

/**
 * Payments with a Piastrix wallet (`/bill/create`): the payer is sent to the service's wallet page.
 * Refunds can go back to the payer's wallet (`refunds.wallet`).
 */
export class PiastrixWalletService extends PiastrixBase {
  static identifier = PROVIDER_IDENTIFIERS.wallet

  protected readonly kind: PaymentKind = "wallet"
}

export default PiastrixWalletService
