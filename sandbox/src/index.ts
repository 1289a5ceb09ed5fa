export {
  startSandbox,
  type RunningSandbox,
  type StartSandboxOptions,
} from "./start-sandbox"
export { Sandbox } from "./sandbox"
export {
  parseShopConfig,
  shopConfigSchema,
  type ShopConfig,
  type ShopConfigInput,
} from "./shop-config"
export { BILL_STATUS, INVOICE_STATUS, PAYOUT_STATUS } from "./statuses"
