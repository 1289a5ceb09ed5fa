import {
  isSignatureRefusal,
  PiastrixApiError,
  type CurrencyTable,
  type InputPayway,
  type OutputPayway,
  type PiastrixClient,
  type ShopBalanceResult,
  type ShopInputConfigResult,
  type ShopOutputConfigResult,
} from "../piastrix"
import { describeError } from "./describe-error"
import { piastrixOptionsSchema, type PiastrixOptions } from "./options"
import type {
  BalanceRow,
  ConnectionReport,
  DirectionRow,
  OptionView,
} from "../../types/admin-responses"

export type {
  BalanceRow,
  ConnectionReport,
  CredentialsState,
  DirectionRow,
  OptionView,
} from "../../types/admin-responses"

/**
 * What the admin shows of the plugin's configuration and the shop at the service. Shapes for the browser:
 * no secret, currencies by their alpha code, amounts as the service's decimal text.
 */

/** Options whose value never leaves the server. */
const SECRET_OPTIONS = new Set<string>([
  "secretKey",
  "accountKey",
  "previousAccountKeys",
])
export const MASKED = "••••••••"

/**
 * The admin's listing of the options as medusa-config.ts gives them (not the admin's settings: see
 * `settingsView`): every option the plugin knows, its value with secrets masked, and where it comes from.
 */
export function optionsView(
  raw: unknown,
  parsed: PiastrixOptions
): OptionView[] {
  const given =
    raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {}
  return Object.keys(piastrixOptionsSchema.shape).map((key) => {
    const value = (parsed as Record<string, unknown>)[key]
    const source = given[key] !== undefined ? "configuration" : "default"
    return {
      key,
      value: SECRET_OPTIONS.has(key)
        ? Array.isArray(value)
          ? value.map(() => MASKED)
          : value
            ? MASKED
            : null
        : (value ?? null),
      source,
    }
  })
}

/**
 * Whether the service answers (`/check_status`) and accepts the shop's signature (`/shop_balance`, a signed
 * call that changes nothing). A shop id or secret the service refuses comes back with its own message.
 */
export async function testConnection(
  client: PiastrixClient
): Promise<ConnectionReport> {
  const [status, balance] = await Promise.allSettled([
    client.checkStatus(),
    client.shopBalance(),
  ])
  const service =
    status.status === "fulfilled"
      ? {
          available: status.value.available,
          message: status.value.status,
          detail: null,
        }
      : {
          available: false,
          message: "Piastrix cannot be reached.",
          detail: describeError(status.reason),
        }
  if (balance.status === "fulfilled") {
    return {
      service,
      credentials: {
        state: "accepted",
        message: "The service accepted the shop id and the signature.",
        error_code: null,
        detail: null,
      },
    }
  }
  const error = balance.reason
  if (error instanceof PiastrixApiError) {
    const hint = isSignatureRefusal(error)
      ? " (check the shop id and the secret key)"
      : ""
    return {
      service,
      credentials: {
        state: "refused",
        message: `${error.serviceMessage}${hint}`,
        error_code: error.errorCode,
        detail: null,
      },
    }
  }
  return {
    service,
    credentials: {
      state: "not_checked",
      message:
        "Not checked: Piastrix cannot be reached, so the shop id and the secret key were not tried.",
      error_code: null,
      detail: describeError(error),
    },
  }
}

export function balanceRows(
  result: ShopBalanceResult,
  currencies: CurrencyTable
): BalanceRow[] {
  return result.balances.map((b) => ({
    currency: currencies.codeOf(b.currency),
    available: b.available,
    hold: b.hold ?? null,
    frozen: b.frozen ?? null,
    rolling_reserve: b.rolling_reserve ?? null,
  }))
}

export function directionRows(
  input: ShopInputConfigResult,
  output: ShopOutputConfigResult,
  currencies: CurrencyTable
): { payments: DirectionRow[]; payouts: DirectionRow[] } {
  const row = (
    method: { name?: string | null },
    p: InputPayway | OutputPayway,
    wallet: boolean,
    accountFormat: string | null
  ): DirectionRow => ({
    method: method.name ?? null,
    payway: p.alias,
    currency: currencies.codeOf(p.currency),
    currency_numeric: p.currency,
    fee_fix: p.fee_config?.fix ?? null,
    fee_percent: p.fee_config?.percent ?? null,
    min_amount: p.min_amount ?? null,
    max_amount: p.max_amount ?? null,
    wallet,
    account_format: accountFormat,
  })
  return {
    payments: input.flatMap((m) =>
      m.payways.map((p) => row(m, p, Boolean(m.is_bill_config), null))
    ),
    payouts: output.flatMap((m) =>
      m.payways.map((p) =>
        row(
          m,
          p,
          Boolean(m.is_transfer_config),
          accountFormatOf(p.account_info_config)
        )
      )
    ),
  }
}

function accountFormatOf(
  config: OutputPayway["account_info_config"]
): string | null {
  return config?.account?.regex ?? null
}
