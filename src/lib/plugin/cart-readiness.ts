/**
 * Whether a cart could become an order once paid, judged before the payer is sent to pay: the
 * service cannot take a payment back by itself, so money must never arrive for a cart Medusa will
 * refuse to complete. The rules are those of Medusa's cart completion (items; a shipping method, and
 * one for every shipping profile, when items need shipping) plus what a paid order needs to reach
 * its buyer (an e-mail; a shipping address when something is shipped). Pure; the first problem
 * found is returned, naming the cart field to fix.
 */

export type ReadinessCart = {
  email?: string | null
  items?: Array<{
    id: string
    requires_shipping?: boolean | null
    unit_price?: unknown
    product_id?: string | null
    variant?: {
      product?: { shipping_profile?: { id: string } | null } | null
    } | null
  } | null> | null
  shipping_methods?: Array<{ shipping_option_id?: string | null } | null> | null
  shipping_address?: { address_1?: string | null } | null
}

export type CartProblem = { field: string; message: string }

export function cartReadinessProblem(
  cart: ReadinessCart,
  /** The shipping profile of each shipping option the cart's methods use. */
  profileOfOption: Record<string, string | null | undefined> = {}
): CartProblem | null {
  const items = (cart.items ?? []).filter(
    (i): i is NonNullable<typeof i> => !!i
  )
  if (!items.length) {
    return { field: "items", message: "the cart has no items" }
  }
  const unpriced = items.find(
    (i) => i.unit_price === null || i.unit_price === undefined
  )
  if (unpriced) {
    return { field: "items", message: `item ${unpriced.id} has no price` }
  }
  if (!cart.email) {
    return {
      field: "email",
      message: "the cart has no e-mail address; set it before paying",
    }
  }
  const shipped = items.filter((i) => i.requires_shipping)
  if (!shipped.length) {
    return null
  }
  const methods = (cart.shipping_methods ?? []).filter(
    (m): m is NonNullable<typeof m> => !!m
  )
  if (!methods.length) {
    return {
      field: "shipping_methods",
      message:
        "the cart contains items that require shipping but has no shipping method; add one before paying",
    }
  }
  const covered = new Set(
    methods
      .map((m) => profileOfOption[m.shipping_option_id ?? ""])
      .filter(Boolean)
  )
  const uncovered = shipped.find((i) => {
    const profile = i.variant?.product?.shipping_profile?.id
    return profile && !covered.has(profile)
  })
  if (uncovered) {
    return {
      field: "shipping_methods",
      message: `item ${uncovered.id} needs a shipping method of its shipping profile; add one before paying`,
    }
  }
  if (!cart.shipping_address?.address_1) {
    return {
      field: "shipping_address",
      message: "the cart has items to ship but no shipping address",
    }
  }
  return null
}
