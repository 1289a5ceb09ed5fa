import { Badge, Table, Text } from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { useSettings, type OptionView } from "../lib/api"
import { usePaywayName } from "../lib/payways"
import { Body, Section } from "./states"

type Words = TFunction<"piastrix">
type Value = unknown
type Lines = string[]

const isObject = (v: Value): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v)

/** A count of `unit` ("minute", "day", "second") in the reader's words: "30 days", "30 дней". */
const inUnits = (locale: string, value: number, unit: string) =>
  new Intl.NumberFormat(locale, {
    style: "unit",
    unit,
    unitDisplay: "long",
    maximumFractionDigits: 1,
  }).format(value)

/** A threshold with no currency of its own (it applies in each payout's): grouped, without trailing zeros. */
const plainNumber = (locale: string, value: string) =>
  /^\d+(\.\d+)?$/.test(value)
    ? (
        new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
          .format as unknown as (v: string) => string
      )(value)
    : value

/**
 * An option's value as a store owner reads it, line by line: durations in units, choices in words, directions
 * by name, status codes with their meaning; a value left out says what that means.
 */
function describe(
  option: OptionView,
  t: Words,
  locale: string,
  paywayName: (payway: string) => string
): Lines {
  const { key, value } = option
  const k = (path: string, params?: Record<string, unknown>) =>
    t(`settings.options.${path}`, params ?? {}) as string
  if (value === null || value === undefined) {
    return [k(`unset.${key}`, { defaultValue: k("notSet") })]
  }
  if (typeof value === "boolean") {
    return [k(value ? "yes" : "no")]
  }
  switch (key) {
    case "billLifetimeMinutes":
      return [inUnits(locale, Number(value), "minute")]
    case "reconcileWindowDays":
      return [inUnits(locale, Number(value), "day")]
    case "timeoutMs":
    case "interactiveTimeoutMs":
      return [inUnits(locale, Number(value) / 1000, "second")]
    case "payways":
      return isObject(value) && Object.keys(value).length
        ? Object.entries(value).map(([kind, choice]) => {
            const c = isObject(choice) ? choice : {}
            const allowed = Array.isArray(c.allowed)
              ? c.allowed.map((p) => paywayName(String(p))).join(", ")
              : k("allPayways")
            const chosen =
              typeof c.default === "string"
                ? `; ${k("defaultPayway", { payway: paywayName(c.default) })}`
                : ""
            return `${k(`kinds.${kind}`, { defaultValue: kind })}: ${allowed}${chosen}`
          })
        : [k("allPayways")]
    case "refunds":
      return isObject(value)
        ? Object.entries(value).map(
            ([kind, mode]) =>
              `${k(`refundKinds.${kind}`, { defaultValue: kind })}: ${k(`refundModes.${mode}`, { defaultValue: String(mode) })}`
          )
        : []
    case "statuses":
      return isObject(value)
        ? Object.entries(value).map(([group, codes]) => {
            const named = isObject(codes)
              ? Object.entries(codes)
                  .map(
                    ([code, name]) =>
                      `${code}: ${k(`statusNames.${name}`, { defaultValue: String(name) })}`
                  )
                  .join(", ")
              : ""
            return `${k(`statusGroups.${group}`, { defaultValue: group })}: ${named}`
          })
        : []
    case "payouts":
      return isObject(value) ? payoutLines(value, t, locale) : []
    case "limits":
      return isObject(value)
        ? Object.entries(value).map(([limit, v]) => {
            const l = isObject(v) ? v : {}
            return `${k(`limitKeys.${limit}`, { defaultValue: limit })}: ${k(
              "perWindow",
              {
                max: l.max,
                window: inUnits(locale, Number(l.windowMinutes), "minute"),
              }
            )}`
          })
        : []
    case "trustProxy":
      return [k("proxies", { count: Number(value) })]
    default:
      return Array.isArray(value)
        ? [value.length ? value.join(", ") : k("notSet")]
        : [String(value)]
  }
}

/** The payouts' options, named as the operational settings that override them are. */
function payoutLines(
  value: Record<string, unknown>,
  t: Words,
  locale: string
): Lines {
  const k = (path: string, fallback?: unknown) =>
    t(`settings.${path}`, { defaultValue: String(fallback ?? path) }) as string
  const operational = (name: string) =>
    k(`operational.keys.payouts_${name}`, name)
  return Object.entries(value).map(([name, v]) => {
    switch (name) {
      case "accrueOn":
        return `${k("options.accrueOn.label")}: ${k(`options.accrueOn.${v}`, v)}`
      case "approvalThreshold":
        return `${operational(name)}: ${v === null ? k("options.noThreshold") : plainNumber(locale, String(v))}`
      case "defaultSchedule":
        return `${operational(name)}: ${k(`operational.choices.${v}`, v)}`
      case "defaultMinimumPayout":
        return `${operational(name)}: ${plainNumber(locale, String(v))}`
      default:
        return `${operational(name)}: ${String(v)}`
    }
  })
}

/**
 * The options medusa-config.ts gives the plugin, as a store owner reads them: each by its name in the admin's
 * language, its value in words (secrets masked by the server), and a badge where the configuration set it.
 */
export const OptionsInForceSection = () => {
  const { t, i18n } = useTranslation("piastrix")
  const paywayName = usePaywayName()
  const { data, isLoading, error } = useSettings()
  const locale = i18n.language || "en"
  return (
    <Section title={t("settings.options.title")}>
      <Body loading={isLoading} error={error}>
        <div className="flex flex-col gap-y-1 px-6 py-4">
          <Text size="small">
            {t("settings.options.callbackUrl")}:{" "}
            <code>
              {data?.callback_url ?? t("settings.options.noCallback")}
            </code>
          </Text>
          <Text size="small" className="text-ui-fg-subtle">
            {t("settings.options.providers")}: {data?.provider_ids.join(", ")}
          </Text>
        </div>
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>
                {t("settings.options.option")}
              </Table.HeaderCell>
              <Table.HeaderCell>{t("settings.options.value")}</Table.HeaderCell>
              <Table.HeaderCell>
                {t("settings.options.source")}
              </Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data?.options.map((o) => (
              <Table.Row key={o.key} data-option={o.key}>
                <Table.Cell className="py-3 align-top">
                  {t(`settings.options.keys.${o.key}`, {
                    defaultValue: o.key,
                  })}
                </Table.Cell>
                <Table.Cell className="whitespace-normal py-3 align-top">
                  {describe(o, t, locale, paywayName).map((line) => (
                    <Text key={line} size="small" className="block">
                      {line}
                    </Text>
                  ))}
                </Table.Cell>
                <Table.Cell className="whitespace-nowrap py-3 align-top">
                  {/* Only an option someone set says so; the defaults go unmarked. */}
                  {o.source === "configuration" ? (
                    <Badge size="2xsmall" color="blue">
                      {t(`settings.options.${o.source}`)}
                    </Badge>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </Body>
    </Section>
  )
}
