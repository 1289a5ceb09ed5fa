import { Badge, Button, Text, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  SCHEDULES,
  useSaveSettings,
  useSettings,
  type SettingView,
} from "../lib/api"
import { decimalOf } from "../lib/amounts"
import { runMutation } from "../lib/run-mutation"
import { SelectField, TextField } from "./field"
import { Body, Section } from "./states"
import { useFailureToast } from "./failure-toast"

/** How each setting is edited: a choice among values, a whole number, a decimal or a list of payways. */
const CHOICES: Record<string, readonly string[]> = {
  "payouts.defaultSchedule": SCHEDULES,
  "refunds.wallet": ["transfer", "manual", "reject"],
  "refunds.other": ["manual", "reject"],
}

/** Settings that are amounts, typed the reader's way ("1 250,50") and sent as the API's decimal. */
const AMOUNTS = new Set([
  "payouts.approvalThreshold",
  "payouts.defaultMinimumPayout",
])

/** The value as the form shows it: text, a list as "a, b", nothing as "". */
function shown(value: unknown): string {
  if (value === null || value === undefined) {
    return ""
  }
  return Array.isArray(value) ? value.join(", ") : String(value)
}

/** The form's text back to the setting's value; "" is "back to the default". */
function parsed(key: string, text: string): unknown {
  const trimmed = text.trim()
  if (!trimmed) {
    return null
  }
  if (key.startsWith("payways.")) {
    return trimmed
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)
  }
  if (key === "payouts.defaultHoldDays") {
    return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed
  }
  return AMOUNTS.has(key) ? decimalOf(trimmed) : trimmed
}

/**
 * Operational settings the store owner changes here, stored in the database and used by every instance
 * from its next request; one set in medusa-config.ts is locked and says so.
 */
export const OperationalSettingsSection = () => {
  const { t } = useTranslation("piastrix")
  const { data, isLoading, error } = useSettings()
  const save = useSaveSettings()
  const failed = useFailureToast()
  const [form, setForm] = useState<Record<string, string>>({})
  const settings: SettingView[] = data?.settings ?? []
  useEffect(() => {
    setForm(Object.fromEntries(settings.map((s) => [s.key, shown(s.value)])))
  }, [data])
  const field = (s: SettingView) => {
    const id = `piastrix-setting-${s.key.replace(/\./g, "-")}`
    // i18next reads "." as nesting: the texts are keyed with "_".
    const name = s.key.replace(/\./g, "_")
    const label = t(`settings.operational.keys.${name}`)
    const common = {
      id,
      label,
      value: form[s.key] ?? "",
      onChange: (value: string) => setForm((f) => ({ ...f, [s.key]: value })),
    }
    const control = CHOICES[s.key] ? (
      <SelectField
        {...common}
        options={CHOICES[s.key].map((c) => ({
          value: c,
          text: t(`settings.operational.choices.${c}`),
        }))}
      />
    ) : (
      <TextField
        {...common}
        disabled={s.locked}
        placeholder={t(`settings.operational.placeholders.${name}`)}
      />
    )
    return (
      <div key={s.key} className="flex flex-col gap-y-1" data-setting={s.key}>
        {s.locked && CHOICES[s.key] ? (
          <TextField {...common} disabled />
        ) : (
          control
        )}
        {/* A source only where it is not the default: locked in medusa-config.ts, or changed here. */}
        {s.locked || s.source === "admin" ? (
          <Badge
            size="2xsmall"
            className="self-start"
            color={s.locked ? "blue" : "green"}
          >
            {t(`settings.operational.sources.${s.source}`)}
          </Badge>
        ) : null}
      </div>
    )
  }
  const changes = () =>
    Object.fromEntries(
      settings
        .filter((s) => !s.locked && (form[s.key] ?? "") !== shown(s.value))
        .map((s) => [s.key, parsed(s.key, form[s.key] ?? "")])
    )
  return (
    <Section title={t("settings.operational.title")}>
      <Body loading={isLoading} error={error}>
        <div className="px-6 pt-4">
          <Text size="small" className="text-ui-fg-subtle">
            {t("settings.operational.description")}
          </Text>
        </div>
        <form
          className="grid grid-cols-2 gap-4 px-6 py-4 lg:grid-cols-3"
          onSubmit={(event) => {
            event.preventDefault()
            const changed = changes()
            if (!Object.keys(changed).length) {
              toast.info(t("settings.operational.nothingChanged"))
              return
            }
            runMutation(
              save,
              changed,
              () => toast.success(t("settings.operational.saved")),
              failed(t("settings.operational.saveFailed"))
            )
          }}
        >
          {settings.map(field)}
          <div className="col-span-full flex justify-end">
            <Button size="small" type="submit" isLoading={save.isPending}>
              {t("settings.operational.save")}
            </Button>
          </div>
        </form>
      </Body>
    </Section>
  )
}
