import { MedusaService } from "@medusajs/framework/utils"
import { PiastrixNotification } from "./models/notification"

/** The plugin's own records. Generated CRUD for each model; flows that span modules live in workflows. */
class PiastrixModuleService extends MedusaService({ PiastrixNotification }) {}

export default PiastrixModuleService
