import { PiastrixBase } from "../core/piastrix-base"
import { PROVIDER_IDENTIFIERS, type PaymentKind } from "../../../lib/plugin"

/**
 * Bank transfers host-to-host (`/invoice/create` with an h2h bank payway): the payer gets requisites
 * and transfers the money. The order is placed while the transfer travels (`pending_authorization`)
 * and captured when the service confirms it.
 */
export class PiastrixBankTransferService extends PiastrixBase {
  static identifier = PROVIDER_IDENTIFIERS.bank_transfer

  protected readonly kind: PaymentKind = "bank_transfer"
}

export default PiastrixBankTransferService
