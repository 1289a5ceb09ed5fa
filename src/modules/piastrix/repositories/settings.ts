import { z } from "zod"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import {
  piastrixOptionsSchema,
  type PiastrixOptions,
} from "../../../lib/plugin/options"
import type { SettingView } from "../../../types/admin-responses"
import { SETTINGS_TABLE } from "./tables"

export type { SettingView } from "../../../types/admin-responses"

/**
 * Operational settings a store owner changes in the admin (Settings → Piastrix) without a redeploy: the
 * payout defaults and approval threshold, the refund policy per kind, and the payways each kind may use.
 * They are options like the others; a value stored here takes the place of the option's default, and an
 * option written in medusa-config.ts locks its setting (the admin shows "set in configuration").
 *
 * Stored in `piastrix_setting` (one row per setting) and read with one query wherever they decide
 * something (a session start, a refund, a payout run, a store route): no copy is kept in a process, so a
 * change holds on every instance from the next request.
 */

export { SETTINGS_TABLE }

const shape = piastrixOptionsSchema.shape
const payouts = shape.payouts.unwrap().shape
const refunds = shape.refunds.unwrap().shape
const paywayList = z.array(z.string().min(1).max(100)).max(100).nullable()

/** Every editable setting: its option path and what a value must be (null: back to the default). */
export const EDITABLE_SETTINGS = {
  "payouts.approvalThreshold": payouts.approvalThreshold.unwrap(),
  "payouts.defaultSchedule": payouts.defaultSchedule.unwrap(),
  "payouts.defaultHoldDays": payouts.defaultHoldDays.unwrap(),
  "payouts.defaultMinimumPayout": payouts.defaultMinimumPayout.unwrap(),
  "refunds.wallet": refunds.wallet.unwrap(),
  "refunds.other": refunds.other.unwrap(),
  "payways.wallet.allowed": paywayList,
  "payways.redirect.allowed": paywayList,
  "payways.card.allowed": paywayList,
  "payways.bankTransfer.allowed": paywayList,
} as const

export type SettingKey = keyof typeof EDITABLE_SETTINGS
export const SETTING_KEYS = Object.keys(EDITABLE_SETTINGS) as SettingKey[]

const pathOf = (key: SettingKey) => key.split(".")

function at(object: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (o, k) =>
      o && typeof o === "object"
        ? (o as Record<string, unknown>)[k]
        : undefined,
    object
  )
}

function withValue<T>(object: T, path: string[], value: unknown): T {
  const [head, ...rest] = path
  const current = (object ?? {}) as Record<string, unknown>
  return {
    ...current,
    [head]: rest.length ? withValue(current[head], rest, value) : value,
  } as T
}

/** Whether medusa-config.ts gives this setting (the raw options, before defaults). */
export const isLocked = (raw: unknown, key: SettingKey) =>
  at(raw, pathOf(key)) !== undefined

/** The admin's stored settings by key; only values that still validate. */
export type StoredSettings = Partial<Record<SettingKey, unknown>>

/** The stored rows as settings; a row whose value no longer validates is left out (its option's value holds). */
export function validSettings(
  rows: ReadonlyArray<{ id: string; value: unknown }>
): StoredSettings {
  const stored: StoredSettings = {}
  for (const row of rows) {
    const schema = Object.prototype.hasOwnProperty.call(
      EDITABLE_SETTINGS,
      row.id
    )
      ? EDITABLE_SETTINGS[row.id as SettingKey]
      : undefined
    if (schema?.safeParse(row.value).success) {
      stored[row.id as SettingKey] = row.value
    }
  }
  return stored
}

/** The stored settings, read with one query. */
export async function storedSettings(
  db: SqlConnection
): Promise<StoredSettings> {
  const { rows } = await db.raw(
    `select id, value from ${SETTINGS_TABLE} where deleted_at is null`
  )
  return validSettings(rows)
}

/** The options with the stored settings in the place of defaults (never over medusa-config.ts). */
export function applySettings(
  options: PiastrixOptions,
  raw: unknown,
  stored: StoredSettings
): PiastrixOptions {
  let result = options
  for (const key of SETTING_KEYS) {
    if (key in stored && !isLocked(raw, key)) {
      // A stored null is "the default": the option's own value stays.
      const value = stored[key]
      if (value !== null) {
        result = withValue(result, pathOf(key), value)
      }
    }
  }
  return result
}

/**
 * The options the plugin runs on now: medusa-config.ts's, with the admin's stored settings in the place
 * of defaults; one query.
 */
export async function effectiveOptions(
  db: SqlConnection,
  options: PiastrixOptions,
  raw: unknown
): Promise<PiastrixOptions> {
  return applySettings(options, raw, await storedSettings(db))
}

/** Every editable setting with its value in force and where it comes from, for the admin. */
export function settingsViewOf(
  options: PiastrixOptions,
  raw: unknown,
  stored: StoredSettings
): SettingView<SettingKey>[] {
  const effective = applySettings(options, raw, stored)
  return SETTING_KEYS.map((key) => {
    const locked = isLocked(raw, key)
    return {
      key,
      value: at(effective, pathOf(key)) ?? null,
      source: locked
        ? "configuration"
        : stored[key] !== undefined && stored[key] !== null
          ? "admin"
          : "default",
      locked,
    }
  })
}

/** `settingsViewOf` over the stored settings; one query. */
export async function settingsView(
  db: SqlConnection,
  options: PiastrixOptions,
  raw: unknown
): Promise<SettingView<SettingKey>[]> {
  return settingsViewOf(options, raw, await storedSettings(db))
}

export class SettingError extends Error {}

/**
 * Checks changes (null: back to the default) before any is stored. A setting given in medusa-config.ts,
 * an unknown key or a bad value is refused with its name.
 */
export function checkSettingChanges(
  raw: unknown,
  changes: Record<string, unknown>
): Array<[SettingKey, unknown]> {
  const checked: Array<[SettingKey, unknown]> = []
  for (const [key, value] of Object.entries(changes)) {
    if (!Object.prototype.hasOwnProperty.call(EDITABLE_SETTINGS, key)) {
      throw new SettingError(`${key}: not a setting that can be changed here`)
    }
    const settingKey = key as SettingKey
    if (isLocked(raw, settingKey)) {
      throw new SettingError(
        `${key}: set in configuration (medusa-config.ts); change it there`
      )
    }
    if (value !== null) {
      const parsed = EDITABLE_SETTINGS[settingKey].safeParse(value)
      if (!parsed.success) {
        throw new SettingError(
          `${key}: ${parsed.error.issues.map((i) => i.message).join("; ")}`
        )
      }
      checked.push([settingKey, parsed.data])
    } else {
      checked.push([settingKey, null])
    }
  }
  return checked
}

/** Stores changes once all of them passed `checkSettingChanges`: a refused change stores none of them. */
export async function saveSettings(
  db: SqlConnection & {
    transaction<T>(work: (trx: SqlConnection) => Promise<T>): Promise<T>
  },
  raw: unknown,
  changes: Record<string, unknown>,
  by: string | null
): Promise<void> {
  const checked = checkSettingChanges(raw, changes)
  await db.transaction(async (trx) => {
    for (const [key, value] of checked) {
      await trx.raw(
        `insert into ${SETTINGS_TABLE} (id, value, updated_by)
         values (?, ?::jsonb, ?)
         on conflict (id) do update
           set value = excluded.value, updated_by = excluded.updated_by, updated_at = now(), deleted_at = null`,
        [key, JSON.stringify(value), by]
      )
    }
  })
}
