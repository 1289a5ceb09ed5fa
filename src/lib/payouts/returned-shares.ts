import BigNumber from "bignumber.js"

/**
 * What a return takes back of an accrual, as pure functions. A return names items, an accrual is a
 * fulfilled part of an order line: the line's returned quantity is spread over its accruals, and each
 * accrual gives back its share and commission pro rata for its returned quantity.
 */

/** The money of an accrual, or of a part of it: gross = share + commission. */
export type AccrualPart = {
  share: BigNumber
  commission: BigNumber
  gross: BigNumber
}

const dec = (value: BigNumber.Value) => new BigNumber(value)

export function partOf(share: BigNumber.Value, commission: BigNumber.Value) {
  return {
    share: dec(share),
    commission: dec(commission),
    gross: dec(share).plus(commission),
  }
}

/**
 * What `returned` of an accrual's `quantity` items are worth in all, counted from the first item
 * returned: the share and the commission each pro rata, rounded half up to the currency's digits, and
 * the gross their sum (so a reversal still balances). Counting from the first item, not per return,
 * keeps each amount growing with the quantity and makes the last item take the remainder: all items
 * returned are worth exactly the accrual, never more.
 */
export function returnedPartOf(
  accrued: { share: BigNumber.Value; commission: BigNumber.Value },
  returned: number,
  quantity: number,
  digits: number
): AccrualPart {
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new Error(`quantity: ${quantity} is not a positive whole number`)
  }
  const k = Math.max(0, Math.min(returned, quantity))
  const piece = (amount: BigNumber.Value) =>
    dec(amount)
      .times(k)
      .div(quantity)
      .decimalPlaces(digits, BigNumber.ROUND_HALF_UP)
  return partOf(piece(accrued.share), piece(accrued.commission))
}

/**
 * What is still to reverse for a return: the part `returned` items are worth less what was reversed
 * already (by earlier returns, or all of it by a cancel), never below zero.
 */
export function stillToReverse(
  target: AccrualPart,
  reversed: { share: BigNumber.Value; commission: BigNumber.Value }
): AccrualPart {
  return partOf(
    BigNumber.max(0, target.share.minus(reversed.share)),
    BigNumber.max(0, target.commission.minus(reversed.commission))
  )
}

/**
 * Spreads a line's returned quantity over its accruals in the order given (oldest first): the first is
 * filled up to its quantity, then the next. The same total always gives the same spread, so a
 * redelivered event or a later return recomputes the same numbers.
 */
export function spreadReturned<T extends { quantity: number }>(
  accruals: T[],
  returned: number
): Array<T & { returned: number }> {
  let left = Math.max(0, returned)
  return accruals.map((accrual) => {
    const taken = Math.min(left, accrual.quantity)
    left -= taken
    return { ...accrual, returned: taken }
  })
}
