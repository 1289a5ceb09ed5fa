import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import BigNumber from "bignumber.js"
import {
  defaultCurrencyTable,
  parseAmount,
  type AmountInput,
} from "../../../lib/piastrix"
import { fulfilledSaleOf } from "../../../lib/payouts"
import { type AccrualInput } from "../../../modules/piastrix/repositories/accruals"

export const findPiastrixFulfilledSalesStepId = "find-piastrix-fulfilled-sales"

/**
 * The order fields the step reads. The order module computes line totals only when an order total is
 * asked for too, hence `subtotal`.
 */
/**
 * `items.*`, not `items.id`, `items.quantity`, `items.product_id`: asked for one by one, Medusa 2.18's order
 * module computes the lines' totals without their prices and quantities (every `subtotal` 0, no
 * `quantity`), so no vendor share would accrue. 2.21 answers both forms alike.
 */
const ORDER_FIELDS = [
  "id",
  "currency_code",
  "subtotal",
  "items.*",
  "items.subtotal",
  "items.discount_subtotal",
]

type Amount = AmountInput

/** Medusa's totals arrive as its BigNumber (or its raw value): read the exact decimal, never a float's digits. */
const exact = (value: Amount | null): BigNumber =>
  parseAmount(value) ?? new BigNumber(NaN)

/** An order line as the step reads it. */
type SoldLine = {
  id: string
  quantity: Amount
  product_id: string | null
  subtotal: Amount | null
  discount_subtotal: Amount | null
}

export type FulfilledSales = {
  accruals: AccrualInput[]
  /** Lines left out, with why (no vendor, another currency). */
  skipped: Array<{ line_item_id: string; reason: string }>
}

/**
 * What a fulfillment sold for each vendor: one accrual per fulfilled order line whose product has a
 * payout recipient, keyed by the fulfillment and the line, so a redelivered event accrues nothing twice.
 */
export const findPiastrixFulfilledSalesStep = createStep(
  findPiastrixFulfilledSalesStepId,
  async (
    input: { order_id: string; fulfillment_id: string },
    { container }
  ) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const [{ data: fulfillments }, { data: orders }] = await Promise.all([
      query.graph({
        entity: "fulfillment",
        fields: ["id", "canceled_at", "items.line_item_id", "items.quantity"],
        filters: { id: input.fulfillment_id },
      }),
      query.graph({
        entity: "order",
        fields: ORDER_FIELDS,
        filters: { id: input.order_id },
      }),
    ])
    const fulfillment = fulfillments[0]
    const order = orders[0]
    const result: FulfilledSales = { accruals: [], skipped: [] }
    // A fulfillment canceled before its event was handled (a late or redelivered event) sold nothing: its
    // cancel found no share to reverse, so none may accrue now.
    if (!fulfillment || !order || fulfillment.canceled_at) {
      return new StepResponse(result)
    }
    const fulfilled = new Map<string, BigNumber>()
    for (const item of fulfillment.items ?? []) {
      const lineId = item?.line_item_id
      if (lineId) {
        fulfilled.set(
          lineId,
          (fulfilled.get(lineId) ?? new BigNumber(0)).plus(item.quantity)
        )
      }
    }
    // Read field by field: Query's rows are typed once Medusa has generated its types (.medusa/types),
    // and untyped before; a line type that both fit.
    const lines: SoldLine[] = (order.items ?? []).flatMap(
      (
        line: {
          id: string
          quantity: Amount
          product_id?: string | null
          subtotal?: Amount | null
          // Computed on request: not in the row type Medusa generates.
          discount_subtotal?: Amount | null
        } | null
      ) =>
        line && fulfilled.has(line.id)
          ? [
              {
                id: line.id,
                quantity: line.quantity,
                product_id: line.product_id ?? null,
                subtotal: line.subtotal ?? null,
                discount_subtotal: line.discount_subtotal ?? null,
              },
            ]
          : []
    )
    const productIds = [
      ...new Set(
        lines.flatMap((line) => (line.product_id ? [line.product_id] : []))
      ),
    ]
    const { data: products } = productIds.length
      ? await query.graph({
          entity: "product",
          fields: [
            "id",
            "piastrix_recipient.id",
            "piastrix_recipient.currency",
          ],
          filters: { id: productIds },
        })
      : { data: [] }
    const currency = defaultCurrencyTable.resolve(
      order.currency_code,
      "currency_code"
    )
    for (const line of lines) {
      const recipient = products.find(
        (p) => p.id === line.product_id
      )?.piastrix_recipient
      if (!recipient) {
        result.skipped.push({
          line_item_id: line.id,
          reason: "its product has no payout recipient",
        })
        continue
      }
      if (Number(recipient.currency) !== currency.numeric) {
        result.skipped.push({
          line_item_id: line.id,
          reason: `the recipient is paid in ${recipient.currency}, the order is in ${currency.alpha}`,
        })
        continue
      }
      const quantity = fulfilled.get(line.id)!
      const gross = fulfilledSaleOf(
        {
          subtotal: exact(line.subtotal),
          discount_subtotal: exact(line.discount_subtotal ?? 0),
          quantity: exact(line.quantity),
        },
        quantity,
        currency.digits
      )
      if (!gross.isGreaterThan(0)) {
        result.skipped.push({
          line_item_id: line.id,
          reason: "nothing was paid for it",
        })
        continue
      }
      result.accruals.push({
        key: `fulfillment:${input.fulfillment_id}:${line.id}`,
        recipient_id: recipient.id,
        gross: gross.toFixed(currency.digits),
        quantity: quantity.toNumber(),
        references: {
          order_id: order.id,
          line_item_id: line.id,
          fulfillment_id: input.fulfillment_id,
        },
      })
    }
    return new StepResponse(result)
  }
)
