import { defineLink } from "@medusajs/framework/utils"
import ProductModule from "@medusajs/medusa/product"
import PiastrixModule from "../modules/piastrix"

/**
 * A payout recipient (vendor) owns products; every line item of such a product earns that recipient its
 * share. The admin route keeps one recipient per product (linking a product moves it).
 */
export default defineLink(PiastrixModule.linkable.piastrixRecipient, {
  linkable: ProductModule.linkable.product,
  isList: true,
})
