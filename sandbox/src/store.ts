import type { Notification, Payment, Payout, Receipt, StateData } from "./state"

/**
 * The state with indexes. Status endpoints are the hot path of the plugin's benchmarks, so
 * lookups by order, token or payout id are map reads, not scans.
 */
export class Store {
  private paymentsByOrder = new Map<string, Payment>()
  private paymentsById = new Map<number, Payment>()
  private paymentsByToken = new Map<string, Payment>()
  private orderCounts = new Map<string, number>()
  private payoutsByShopId = new Map<string, Payout>()
  private payoutsById = new Map<number, Payout>()

  constructor(public data: StateData) {
    this.reindex()
  }

  replace(data: StateData): void {
    this.data = data
    this.reindex()
  }

  private reindex(): void {
    this.paymentsByOrder.clear()
    this.paymentsById.clear()
    this.paymentsByToken.clear()
    this.orderCounts.clear()
    this.payoutsByShopId.clear()
    this.payoutsById.clear()
    this.data.payments.forEach((payment) => this.indexPayment(payment))
    this.data.payouts.forEach((payout) => this.indexPayout(payout))
  }

  private indexPayment(payment: Payment): void {
    // The last created payment of an order wins, as `/invoice/check` answers.
    const key = `${payment.type}:${payment.shopOrderId}`
    this.paymentsByOrder.set(key, payment)
    this.orderCounts.set(key, (this.orderCounts.get(key) ?? 0) + 1)
    this.paymentsById.set(payment.id, payment)
    this.paymentsByToken.set(payment.token, payment)
  }

  private indexPayout(payout: Payout): void {
    if (payout.forgotten) {
      return
    }
    this.payoutsByShopId.set(payout.shopPaymentId, payout)
    this.payoutsById.set(payout.id, payout)
  }

  addPayment(payment: Payment): void {
    this.data.payments.push(payment)
    this.indexPayment(payment)
  }

  countOrder(type: Payment["type"], shopOrderId: string): number {
    return this.orderCounts.get(`${type}:${shopOrderId}`) ?? 0
  }

  latestPayment(
    type: Payment["type"],
    shopOrderId: string
  ): Payment | undefined {
    return this.paymentsByOrder.get(`${type}:${shopOrderId}`)
  }

  /** Latest payment of an order, invoice or bill; by `shop_order_id` for the control API. */
  latestPaymentOfOrder(shopOrderId: string): Payment | undefined {
    const candidates = [
      this.latestPayment("invoice", shopOrderId),
      this.latestPayment("bill", shopOrderId),
    ]
    return candidates
      .filter((p): p is Payment => !!p)
      .sort((a, b) => b.id - a.id)[0]
  }

  paymentById(id: number): Payment | undefined {
    return this.paymentsById.get(id)
  }

  paymentByToken(token: string): Payment | undefined {
    return this.paymentsByToken.get(token)
  }

  paymentBySession(sessionId: string): Payment | undefined {
    return this.data.payments.find((p) => p.sessionId === sessionId)
  }

  paymentByReceiptOrder(orderId: string): Payment | undefined {
    return this.data.payments.find((p) => p.receiptOrderId === orderId)
  }

  addPayout(payout: Payout): void {
    this.data.payouts.push(payout)
    this.indexPayout(payout)
  }

  /** The service loses a payout: lookups no longer find it; its record stays in `data.payouts`. */
  forgetPayout(payout: Payout): void {
    payout.forgotten = true
    this.payoutsByShopId.delete(payout.shopPaymentId)
    this.payoutsById.delete(payout.id)
  }

  payoutByShopId(shopPaymentId: string): Payout | undefined {
    return this.payoutsByShopId.get(shopPaymentId)
  }

  payoutById(id: number): Payout | undefined {
    return this.payoutsById.get(id)
  }

  receiptsOf(orderId: string): Receipt[] {
    return this.data.receipts.filter((r) => r.orderId === orderId)
  }

  notification(id: number): Notification | undefined {
    return this.data.notifications.find((n) => n.id === id)
  }
}
