import type { SandboxContext } from "../context"
import { dec, jsonAmount } from "../money"
import { jsonReply } from "../reply"
import type { InputPayway, OutputPayway } from "../shop-config"
import { signedEndpoint, type Handler } from "../signed-endpoint"

export const shopBalance = signedEndpoint(
  "/shop_balance",
  (fields, { ctx }) => {
    fields.text("now")
    const balances = Object.entries(ctx.store.data.balances).map(
      ([code, balance]) => {
        const currency = Number(code)
        return {
          available: jsonAmount(dec(balance.available), currency),
          currency,
          frozen: jsonAmount(dec(balance.frozen), currency),
          hold: jsonAmount(dec(balance.hold), currency),
        }
      }
    )
    return { balances, shop_id: ctx.config.shopId }
  }
)

function groups<T extends { group: string }>(payways: T[]): [string, T[]][] {
  const byGroup = new Map<string, T[]>()
  payways.forEach((p) =>
    byGroup.set(p.group, [...(byGroup.get(p.group) ?? []), p])
  )
  return [...byGroup.entries()]
}

function paywayId(ctx: SandboxContext, alias: string, offset: number): number {
  return (
    offset + ctx.config.inputPayways.findIndex((p) => p.alias === alias) + 1
  )
}

function inputEntry(ctx: SandboxContext, payway: InputPayway) {
  return {
    add_ons_config: payway.addOns,
    alias: payway.alias,
    currency: payway.currency,
    fee_config: {
      fix: Number(payway.fee.fix),
      percent: Number(payway.fee.percent),
    },
    fee_part_config: {
      fix_part: Number(payway.payerFee.fix),
      percent_part: Number(payway.payerFee.percent),
    },
    id: paywayId(ctx, payway.alias, 100),
    is_active: payway.active,
    max_amount: Number(payway.max),
    min_amount: Number(payway.min),
  }
}

export const shopInputConfig = signedEndpoint(
  "/shop_input_config/shop",
  (fields, { ctx }) => {
    fields.text("now")
    return groups(ctx.config.inputPayways).map(([name, payways], index) => ({
      id: index + 1,
      is_bill_config: payways.every((p) => p.kind === "wallet"),
      name,
      payways: payways.map((p) => inputEntry(ctx, p)),
      rating: index + 1,
    }))
  }
)

function outputEntry(payway: OutputPayway, index: number) {
  return {
    account_info_config: payway.accountFields,
    alias: payway.alias,
    currency: payway.currency,
    fee_config: {
      fix: Number(payway.fee.fix),
      percent: Number(payway.fee.percent),
    },
    id: 200 + index + 1,
    info_id: payway.infoId,
    max_amount: Number(payway.max),
    min_amount: Number(payway.min),
  }
}

export const shopOutputConfig = signedEndpoint(
  "/shop_output_config/shop",
  (fields, { ctx }) => {
    fields.text("now")
    const all = ctx.config.outputPayways
    const methods: unknown[] = groups(all).map(([name, payways], index) => ({
      id: index + 1,
      is_transfer_config: false,
      name,
      payways: payways.map((p) => outputEntry(p, all.indexOf(p))),
      rating: index + 1,
    }))
    // Payouts to wallets are listed as a method of their own.
    const currencies = [
      ...new Set(
        ctx.config.inputPayways
          .filter((p) => p.kind === "wallet")
          .map((p) => p.currency)
      ),
    ]
    methods.push({
      id: methods.length + 1,
      is_transfer_config: true,
      name: "Piastrix",
      payways: currencies.map((currency, index) => ({
        account_info_config: {
          payee_account: {
            regex: ctx.config.walletAccountRegex,
            title: "Wallet",
          },
        },
        alias: `piastrix_transfer_${currency}`,
        currency,
        fee_config: {
          fix: Number(ctx.config.transferFee.fix),
          percent: Number(ctx.config.transferFee.percent),
        },
        id: 300 + index + 1,
        info_id: null,
        max_amount: 1000000,
        min_amount: 0.01,
      })),
      rating: methods.length + 1,
    })
    return methods
  }
)

export const checkStatus: Handler = () => jsonReply(200, { status: "OK" })
