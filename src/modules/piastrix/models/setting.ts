import { model } from "@medusajs/framework/utils"
import { SETTINGS_TABLE } from "../repositories/tables"

/**
 * An operational setting changed in the admin (Settings → Piastrix): `id` is the option's path
 * (`refunds.wallet`), `value` its JSON value, null for "back to the default". Read and written through
 * `modules/piastrix/repositories/settings.ts`.
 */
export const PiastrixSetting = model.define(SETTINGS_TABLE, {
  id: model.text().primaryKey(),
  value: model.json().nullable(),
  updated_by: model.text().nullable(),
})
