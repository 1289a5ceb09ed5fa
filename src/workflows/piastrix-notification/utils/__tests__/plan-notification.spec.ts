import type { NotificationRow } from "../../../../modules/piastrix/repositories/inbox"
import type { PaymentTarget, TargetSession } from "../../types"
import { planNotification } from "../plan-notification"
import { settlementOf } from "../settlement"

const SESSION_ID = "payses_01M80JTJZBVBNTQNXBYP8GS89Z"

const row = (overrides: Partial<NotificationRow> = {}): NotificationRow => ({
  id: "pxntf_1",
  dedupe_key: "k",
  shop_order_id: SESSION_ID,
  payment_id: "5144451902",
  status: "success",
  shop_amount: "1250.50",
  shop_currency: 643,
  fields: {
    status: "success",
    shop_amount: "1250.50",
    shop_currency: "643",
    payer_account: "",
  },
  state: "received",
  attempts: 0,
  last_error: null,
  last_error_code: null,
  processed_at: null,
  resolution_note: null,
  resolution_note_code: null,
  resolved_by: null,
  resolved_at: null,
  claimed_until: null,
  created_at: "2026-11-22T10:00:00.000Z",
  updated_at: "2026-11-22T10:00:00.000Z",
  ...overrides,
})

const session = (overrides: Partial<TargetSession> = {}): TargetSession => ({
  id: SESSION_ID,
  provider_id: "pp_piastrix_piastrix",
  status: "pending",
  amount: { value: "1250.5", precision: 20 },
  currency_code: "rub",
  payment_collection_id: "pay_col_1",
  data: {},
  ...overrides,
})

const target = (
  s: TargetSession | null,
  order: PaymentTarget["order"] = null,
  paid = false,
  own = true,
  refunded = false
): PaymentTarget => ({
  session: s,
  own_payment: own,
  paid_notification: paid,
  refunded,
  cart_id: s ? "cart_1" : null,
  order,
})

describe("planNotification", () => {
  it("runs payment processing for a success notification of a waiting Piastrix session", () => {
    expect(planNotification(row(), target(session()))).toEqual({
      action: "capture",
      state: null,
      reason: null,
    })
  })

  it("marks the payment failed for a rejection of a waiting session, also when an order awaits it", () => {
    const plan = planNotification(
      row({ status: "rejected" }),
      target(session({ status: "pending_authorization" }))
    )
    expect(plan.action).toBe("fail")
  })

  it("ignores a rejection that arrives after Medusa already holds the money", () => {
    const plan = planNotification(
      row({ status: "rejected" }),
      target(session({ status: "authorized" }))
    )
    expect(plan).toEqual(
      expect.objectContaining({ action: "settle", state: "ignored" })
    )
    expect(plan.reason).toMatch(/already authorized/)
  })

  it("ignores a rejection when the service also reported the same order paid", () => {
    const plan = planNotification(
      row({ status: "rejected" }),
      target(session(), null, true)
    )
    expect(plan).toEqual(
      expect.objectContaining({ action: "settle", state: "ignored" })
    )
    expect(plan.reason).toMatch(/also reported the payment successful/)
  })

  it("ignores an order number that is not a payment session id: another integration on the same shop", () => {
    const plan = planNotification(row({ shop_order_id: "4126" }), target(null))
    expect(plan).toEqual(
      expect.objectContaining({ action: "settle", state: "ignored" })
    )
    expect(plan.reason).toMatch(/not a payment of this store/)
  })

  it("ignores, without an alarm, a payment another store on the same shop opened", () => {
    const plan = planNotification(row(), target(null, null, false, false))
    expect(plan).toEqual(
      expect.objectContaining({ action: "settle", state: "ignored" })
    )
    expect(plan.reason).toMatch(/never opened it/)
  })

  it("keeps money paid for a session Medusa deleted as needing attention", () => {
    const plan = planNotification(row(), target(null))
    expect(plan).toEqual(
      expect.objectContaining({ action: "settle", state: "needs_attention" })
    )
    expect(plan.reason).toMatch(/no order was created/)
  })

  it("places no order with money that went back to the payer, and keeps it in front of a person", () => {
    for (const s of [session(), null]) {
      const plan = planNotification(row(), target(s, null, false, true, true))
      expect(plan.action).toBe("settle")
      expect(plan.state).toBe("needs_attention")
      expect(plan.reason).toMatch(/refunded to the payer/)
    }
  })

  it("still settles a late success of a refunded payment whose order exists as processing does", () => {
    const plan = planNotification(
      row(),
      target(
        session({ status: "captured" }),
        { id: "order_1", metadata: null },
        false,
        true,
        true
      )
    )
    expect(plan.action).toBe("capture")
  })

  it("ignores a rejection for a deleted session: there is nothing left to mark", () => {
    expect(
      planNotification(row({ status: "rejected" }), target(null)).state
    ).toBe("ignored")
  })

  it("ignores a session of another payment provider", () => {
    const plan = planNotification(
      row(),
      target(session({ provider_id: "pp_stripe_stripe" }))
    )
    expect(plan).toEqual(
      expect.objectContaining({
        state: "ignored",
        reason: expect.stringContaining("pp_stripe_stripe"),
      })
    )
  })

  it("ignores statuses it does not act on, naming the status", () => {
    const plan = planNotification(row({ status: "hold" }), target(session()))
    expect(plan).toEqual(
      expect.objectContaining({
        state: "ignored",
        reason: 'status "hold" is not acted on',
      })
    )
  })
})

describe("settlementOf", () => {
  it("takes the outcome of payment processing for a success", () => {
    const captured = { state: "failed" as const, reason: "amount mismatch" }
    expect(
      settlementOf(
        { action: "capture", state: null, reason: null },
        captured,
        undefined
      )
    ).toEqual(captured)
  })

  it("counts a success whose processing never reported as a failed attempt", () => {
    expect(
      settlementOf(
        { action: "capture", state: null, reason: null },
        undefined,
        undefined
      ).state
    ).toBe("failed")
  })

  it("records a rejection as processed once the session was marked", () => {
    expect(
      settlementOf({ action: "fail", state: null, reason: null }, undefined, {
        order_id: null,
      })
    ).toEqual({
      state: "processed",
      reason: null,
    })
  })
})
