import type { Direction } from "../types"

/** A direction as the directions route lists it; tests change what they look at. */
export const direction = (over: Partial<Direction> = {}): Direction => ({
  payway: "card_rub",
  kind: "redirect",
  name: null,
  currency: 643,
  min_amount: null,
  max_amount: null,
  fee_config: null,
  fee_part_config: null,
  add_ons_config: null,
  is_default: false,
  ...over,
})
