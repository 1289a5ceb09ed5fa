import { z } from "zod"
import { PiastrixClientCore } from "./client-core"
import { CurrencyRef } from "./currency"
import { PiastrixValidationError } from "./errors"
import { getReceiptStatus, postCardForm, uploadReceipt } from "./h2h-requests"
import { AmountInput } from "./money"
import * as s from "./schemas"
import { validateInput } from "./validate"

export { PIASTRIX_API_URL, PiastrixClientCore } from "./client-core"
export type { PiastrixClientOptions } from "./client-core"

const RECEIPT_UPLOAD = "/api/v1/order/{id}/receipt"
const RECEIPT_STATUS = "/api/v1/order/{id}/receipt/status"
/** The input of the endpoints that take none. */
const noInput = z.object({})

/**
 * Typed client of the Piastrix service: one method per endpoint of the reference. Amounts go out as
 * decimal strings with the currency's digits, integers as JSON integers, and the signature covers
 * exactly the strings sent. Optional fields are sent unsigned (docs/service-facts.md#signature).
 * Over 300 lines: one short method per endpoint of the reference; the mechanics are in client-core.ts.
 */
export class PiastrixClient extends PiastrixClientCore {
  // ---- payments other than wallet ----

  /** Precalculates a payment (fees, payer price). Changes nothing. */
  invoiceTry(input: s.InvoiceTryInput): Promise<s.InvoiceTryResult> {
    const schemas = {
      input: s.invoiceTryInputSchema,
      result: s.invoiceTryResultSchema,
    }
    return this.call("/invoice/try", "read", schemas, input, (p) => {
      const currency = this.currency(p.currency, "currency")
      return {
        shop_id: this.shopId,
        amount: this.amount(p.amount, currency, "amount"),
        currency: currency.numeric,
        payway: p.payway,
        shop_order_id: p.shop_order_id,
        description: p.description,
      }
    })
  }

  /** Creates a payment; redirect the payer to `url` with `method`. */
  invoiceCreate(input: s.InvoiceCreateInput): Promise<s.InvoiceCreateResult> {
    const schemas = {
      input: s.invoiceCreateInputSchema,
      result: s.invoiceCreateResultSchema,
    }
    return this.call("/invoice/create", "create", schemas, input, (p) => {
      const currency = this.currency(p.currency, "currency")
      return {
        shop_id: this.shopId,
        amount: this.amount(p.amount, currency, "amount"),
        currency: currency.numeric,
        payway: p.payway,
        shop_order_id: p.shop_order_id,
        email: p.email,
        description: p.description,
        success_url: p.success_url,
        failed_url: p.failed_url,
        callback_url: p.callback_url,
        callback_rejected_url: p.callback_rejected_url,
      }
    })
  }

  /** The payment record of `shop_order_id` (the last one if it was reused). Poll at most every 10 s. */
  invoiceCheck(input: s.InvoiceCheckInput): Promise<s.InvoiceCheckResult> {
    const schemas = {
      input: s.invoiceCheckInputSchema,
      result: s.invoiceCheckResultSchema,
    }
    return this.call("/invoice/check", "poll", schemas, input, (p) => ({
      now: this.nowField(),
      shop_id: this.shopId,
      shop_order_id: p.shop_order_id,
    }))
  }

  /** The card form token for a card host-to-host payment's `session_id`. Unsigned; to {h2h_url}. */
  async h2hData(input: s.H2hDataInput): Promise<s.H2hDataResult> {
    const endpoint = "/h2h_data"
    const p = validateInput(s.h2hDataInputSchema, input, endpoint)
    if (!this.h2hUrl) {
      throw new PiastrixValidationError(
        "h2hUrl",
        "is not configured; the account manager supplies it",
        endpoint
      )
    }
    return this.transport.postEnvelope({
      url: `${this.h2hUrl}${endpoint}`,
      endpoint,
      // Issuing a form token charges nothing: only the card form request pays.
      kind: "read",
      body: { session_id: p.session_id },
      schema: s.h2hDataResultSchema,
    })
  }

  /** Posts the payer's card data to `payform_url`; answers the page or 3-D Secure redirect to show. */
  cardFormPost(input: s.CardFormInput): Promise<s.CardFormResult> {
    const p = validateInput(s.cardFormInputSchema, input, "{payform_url}")
    return postCardForm(this.transport, p)
  }

  /** Uploads the payer's transfer receipt (JPEG, PNG, PDF, WebP, HEIF; at most 10 MB). */
  receiptUpload(input: s.ReceiptUploadInput): Promise<{ httpStatus: number }> {
    const p = validateInput(s.receiptUploadInputSchema, input, RECEIPT_UPLOAD)
    const base = p.receipt_base_url ?? this.apiUrl
    return uploadReceipt(this.transport, { ...p, receipt_base_url: base })
  }

  /** The receipts of an order and their review states. */
  receiptStatus(input: s.ReceiptStatusInput): Promise<s.ReceiptStatusResult> {
    const p = validateInput(s.receiptStatusInputSchema, input, RECEIPT_STATUS)
    const base = p.receipt_base_url ?? this.apiUrl
    return getReceiptStatus(this.transport, { ...p, receipt_base_url: base })
  }

  // ---- payments with a wallet ----

  /** Creates a wallet payment; redirect the payer to `url`. */
  billCreate(input: s.BillCreateInput): Promise<s.BillCreateResult> {
    const schemas = {
      input: s.billCreateInputSchema,
      result: s.billCreateResultSchema,
    }
    return this.call("/bill/create", "create", schemas, input, (p) => {
      const shopCurrency = this.currency(p.shop_currency, "shop_currency")
      const payerCurrency = this.currencyOr(
        p.payer_currency,
        "payer_currency",
        shopCurrency
      )
      return {
        payer_currency: payerCurrency.numeric,
        shop_amount: this.amount(p.shop_amount, shopCurrency, "shop_amount"),
        shop_currency: shopCurrency.numeric,
        shop_id: this.shopId,
        shop_order_id: p.shop_order_id,
        description: p.description,
        payer_account: p.payer_account,
        lifetime: p.lifetime,
        payway: p.payway,
        success_url: p.success_url,
        failed_url: p.failed_url,
        callback_url: p.callback_url,
        callback_rejected_url: p.callback_rejected_url,
      }
    })
  }

  /** The wallet payment record of `shop_order_id`. Poll at most every 10 s. */
  billStatus(input: s.BillStatusInput): Promise<s.BillStatusResult> {
    const schemas = {
      input: s.billStatusInputSchema,
      result: s.billStatusResultSchema,
    }
    return this.call(
      "/bill/shop_order_status",
      "poll",
      schemas,
      input,
      (p) => ({
        now: this.nowField(),
        shop_id: this.shopId,
        shop_order_id: p.shop_order_id,
      })
    )
  }

  // ---- payouts to external systems ----

  /** Precalculates a payout (what the payee receives, what the shop pays). Changes nothing. */
  withdrawTry(input: s.WithdrawTryInput): Promise<s.WithdrawTryResult> {
    const schemas = {
      input: s.withdrawTryInputSchema,
      result: s.withdrawTryResultSchema,
    }
    return this.call("/withdraw/try", "read", schemas, input, (p) => {
      const shopCurrency = this.currency(p.shop_currency, "shop_currency")
      const amountCurrency = this.currencyOr(
        p.amount_currency,
        "amount_currency",
        shopCurrency
      )
      return {
        shop_currency: shopCurrency.numeric,
        amount_type: p.amount_type,
        payway: p.payway,
        amount: this.amount(p.amount, amountCurrency, "amount"),
        shop_id: this.shopId,
      }
    })
  }

  /** Checks that an account can be credited. Changes nothing; `account_info` may be personal data. */
  checkAccount(input: s.CheckAccountInput): Promise<s.CheckAccountResult> {
    const schemas = {
      input: s.checkAccountInputSchema,
      result: s.checkAccountResultSchema,
    }
    return this.call("/check_account", "read", schemas, input, (p) => ({
      account: p.account,
      account_details: p.account_details,
      payway: p.payway,
      amount: this.amount(
        p.amount,
        this.currency(p.currency, "currency"),
        "amount"
      ),
      shop_id: this.shopId,
    }))
  }

  /**
   * Creates a payout (status 3 at creation). On PiastrixOutcomeUnknownError ask
   * `withdrawShopPaymentStatus` before anything else.
   */
  withdrawCreate(input: s.WithdrawCreateInput): Promise<s.WithdrawRecord> {
    const schemas = {
      input: s.withdrawCreateInputSchema,
      result: s.withdrawRecordSchema,
    }
    return this.call("/withdraw/create", "create", schemas, input, (p) => {
      const shopCurrency = this.currency(p.shop_currency, "shop_currency")
      const amountCurrency = this.currencyOr(
        p.amount_currency,
        "amount_currency",
        shopCurrency
      )
      return {
        account: p.account,
        amount: this.amount(p.amount, amountCurrency, "amount"),
        amount_type: p.amount_type,
        email: p.email,
        payway: p.payway,
        shop_currency: shopCurrency.numeric,
        shop_id: this.shopId,
        shop_payment_id: p.shop_payment_id,
        account_details: p.account_details,
        description: p.description,
      }
    })
  }

  /** A payout by the service's id. Poll at most once a minute; unknown id: error_code 2000. */
  withdrawStatus(input: s.WithdrawStatusInput): Promise<s.WithdrawRecord> {
    const schemas = {
      input: s.withdrawStatusInputSchema,
      result: s.withdrawRecordSchema,
    }
    return this.call("/withdraw/status", "poll", schemas, input, (p) => ({
      now: this.nowField(),
      shop_id: this.shopId,
      withdraw_id: p.withdraw_id,
    }))
  }

  /** A payout by our `shop_payment_id`. Poll at most once a minute; unknown: error_code 2000. */
  withdrawShopPaymentStatus(
    input: s.ShopPaymentStatusInput
  ): Promise<s.WithdrawRecord> {
    const schemas = {
      input: s.shopPaymentStatusInputSchema,
      result: s.withdrawRecordSchema,
    }
    return this.call(
      "/withdraw/shop_payment_status",
      "poll",
      schemas,
      input,
      (p) => ({
        now: this.nowField(),
        shop_id: this.shopId,
        shop_payment_id: p.shop_payment_id,
      })
    )
  }

  // ---- payouts to a wallet ----

  /** Precalculates a wallet payout. Changes nothing. */
  transferTry(input: s.TransferTryInput): Promise<s.TransferTryResult> {
    const schemas = {
      input: s.transferTryInputSchema,
      result: s.transferTryResultSchema,
    }
    return this.call("/transfer/try", "read", schemas, input, (p) =>
      this.transferBody(p)
    )
  }

  /**
   * Pays out to a wallet; a result with `id` means it was made. On PiastrixOutcomeUnknownError ask
   * `transferShopPaymentStatus` before anything else.
   */
  transferCreate(
    input: s.TransferCreateInput
  ): Promise<s.TransferCreateResult> {
    const schemas = {
      input: s.transferCreateInputSchema,
      result: s.transferCreateResultSchema,
    }
    return this.call("/transfer/create", "create", schemas, input, (p) => ({
      ...this.transferBody(p),
      payee_account: p.payee_account,
      shop_payment_id: p.shop_payment_id,
    }))
  }

  /** A wallet payout by `shop_payment_id`; error_code 7: never made, it may be created again. */
  transferShopPaymentStatus(
    input: s.ShopPaymentStatusInput
  ): Promise<s.TransferStatusResult> {
    const schemas = {
      input: s.shopPaymentStatusInputSchema,
      result: s.transferStatusResultSchema,
    }
    return this.call(
      "/transfer/shop_payment_status",
      "poll",
      schemas,
      input,
      (p) => ({
        now: this.nowField(),
        shop_id: this.shopId,
        shop_payment_id: p.shop_payment_id,
      })
    )
  }

  // ---- shop information ----

  /** Balances per currency; `shop_payment_id` is optional and unsigned. */
  shopBalance(input: s.ShopBalanceInput = {}): Promise<s.ShopBalanceResult> {
    const schemas = {
      input: s.shopBalanceInputSchema,
      result: s.shopBalanceResultSchema,
    }
    return this.call("/shop_balance", "read", schemas, input, (p) => ({
      now: this.nowField(),
      shop_id: this.shopId,
      shop_payment_id: p.shop_payment_id,
    }))
  }

  /** Payment directions enabled for the shop. */
  shopInputConfig(): Promise<s.ShopInputConfigResult> {
    const schemas = {
      input: noInput,
      result: s.shopInputConfigResultSchema,
    }
    return this.call("/shop_input_config/shop", "read", schemas, {}, () => ({
      now: this.nowField(),
      shop_id: this.shopId,
    }))
  }

  /** Payout directions enabled for the shop. */
  shopOutputConfig(): Promise<s.ShopOutputConfigResult> {
    const schemas = {
      input: noInput,
      result: s.shopOutputConfigResultSchema,
    }
    return this.call("/shop_output_config/shop", "read", schemas, {}, () => ({
      now: this.nowField(),
      shop_id: this.shopId,
    }))
  }

  /** Service availability: `available` is true when the service answers `OK`. */
  async checkStatus(): Promise<s.CheckStatusResult & { available: boolean }> {
    const { status, body } = await this.transport.getJson({
      url: `${this.apiUrl}/check_status`,
      endpoint: "/check_status",
      schema: s.checkStatusResultSchema,
    })
    return {
      ...body,
      available: status >= 200 && status < 300 && body.status === "OK",
    }
  }

  private transferBody(p: {
    amount: AmountInput
    amount_type: string
    payee_currency: CurrencyRef
    shop_currency: CurrencyRef
  }) {
    const payeeCurrency = this.currency(p.payee_currency, "payee_currency")
    const shopCurrency = this.currency(p.shop_currency, "shop_currency")
    // The amount is in the currency of the side it names: credited to the payee, or debited from the shop.
    const amountCurrency =
      p.amount_type === "receive_amount" ? payeeCurrency : shopCurrency
    return {
      amount: this.amount(p.amount, amountCurrency, "amount"),
      amount_type: p.amount_type,
      payee_currency: payeeCurrency.numeric,
      shop_currency: shopCurrency.numeric,
      shop_id: this.shopId,
    }
  }
}
