import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { PiastrixBankTransferService } from "./services/piastrix-bank-transfer"
import { PiastrixCardService } from "./services/piastrix-card"
import { PiastrixRedirectService } from "./services/piastrix-redirect"
import { PiastrixWalletService } from "./services/piastrix-wallet"

export default ModuleProvider(Modules.PAYMENT, {
  services: [
    PiastrixWalletService,
    PiastrixRedirectService,
    PiastrixCardService,
    PiastrixBankTransferService,
  ],
})
