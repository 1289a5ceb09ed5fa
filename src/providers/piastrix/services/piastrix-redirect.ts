import { PiastrixBase } from "../core/piastrix-base"
import { PROVIDER_IDENTIFIERS, type PaymentKind } from "../../../lib/plugin"

/**
 * Payments by any other method (`/invoice/create` with a payway such as a bank card): the payer is
 * sent to the service's or the payment system's page with GET or a POST form.
 */
export class PiastrixRedirectService extends PiastrixBase {
  static identifier = PROVIDER_IDENTIFIERS.redirect

  protected readonly kind: PaymentKind = "redirect"
}

export default PiastrixRedirectService
