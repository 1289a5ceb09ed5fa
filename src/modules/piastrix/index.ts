import { Module } from "@medusajs/framework/utils"
import sealStoredAccounts from "./loaders/seal-stored-accounts"
import PiastrixModuleService from "./service"

export const PIASTRIX_MODULE = "piastrix"

export default Module(PIASTRIX_MODULE, {
  service: PiastrixModuleService,
  loaders: [sealStoredAccounts],
})
