import { DatePicker, I18nProvider, Input, Label, Select } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { SCHEDULES } from "../lib/api"

/** A labelled form field; the label names the control (`id`), so a screen reader and a test find it. */
export const Field = ({
  id,
  label,
  children,
}: {
  id: string
  label: string
  children: ReactNode
}) => (
  <div className="flex flex-col gap-y-1">
    <Label size="xsmall" htmlFor={id}>
      {label}
    </Label>
    {children}
  </div>
)

/** A labelled text input. */
export const TextField = ({
  id,
  label,
  value,
  onChange,
  ...input
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  type?: string
  placeholder?: string
  disabled?: boolean
  min?: number
}) => (
  <Field id={id} label={label}>
    <Input
      id={id}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...input}
    />
  </Field>
)

/** A labelled choice among `options` (value and text). */
export const SelectField = ({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  options: Array<{ value: string; text: string }>
  placeholder?: string
}) => (
  <Field id={id} label={label}>
    <Select size="small" value={value} onValueChange={onChange}>
      <Select.Trigger id={id}>
        <Select.Value placeholder={placeholder} />
      </Select.Trigger>
      <Select.Content>
        {options.map((o) => (
          <Select.Item key={o.value} value={o.value}>
            {o.text}
          </Select.Item>
        ))}
      </Select.Content>
    </Select>
  </Field>
)

/** A recipient's payout schedule. */
export const ScheduleField = ({
  value,
  onChange,
  placeholder,
}: {
  value: string
  onChange: (value: string) => void
  placeholder?: string
}) => {
  const { t } = useTranslation("piastrix")
  return (
    <SelectField
      id="piastrix-recipient-schedule"
      label={t("recipients.schedule")}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      options={SCHEDULES.map((s) => ({
        value: s,
        text: t(`recipients.schedules.${s}`),
      }))}
    />
  )
}

/** A calendar day ("2026-11-27") as the date picker holds it: that day's local midnight. */
const dayToDate = (day: string) => (day ? new Date(`${day}T00:00:00`) : null)
const dateToDay = (date: Date | null) =>
  date
    ? [
        date.getFullYear(),
        String(date.getMonth() + 1).padStart(2, "0"),
        String(date.getDate()).padStart(2, "0"),
      ].join("-")
    : ""

/**
 * A labelled calendar day, as Medusa's date filters pick one (its `DatePicker`), written in the admin's language
 * ("27.11.2026" on a Russian page), whatever the browser's own locale; `value` and `onChange` carry the day
 * as "2026-11-27".
 */
export const DayField = ({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: string
  onChange: (day: string) => void
}) => {
  const { i18n } = useTranslation("piastrix")
  return (
    <Field id={id} label={label}>
      <div data-testid={id}>
        <I18nProvider locale={i18n.language || "en"}>
          <DatePicker
            id={id}
            aria-label={label}
            size="small"
            value={dayToDate(value)}
            onChange={(date) => onChange(dateToDay(date))}
          />
        </I18nProvider>
      </div>
    </Field>
  )
}

/** A creation period, two days in UTC (`lib/period.ts` turns them into the API's bounds); `id` prefixes the fields' ids. */
export const PeriodFields = ({
  id,
  from,
  to,
  onFrom,
  onTo,
}: {
  id: string
  from: string
  to: string
  onFrom: (day: string) => void
  onTo: (day: string) => void
}) => {
  const { t } = useTranslation("piastrix")
  return (
    <>
      <DayField
        id={`${id}-from`}
        label={t("recipients.from")}
        value={from}
        onChange={onFrom}
      />
      <DayField
        id={`${id}-to`}
        label={t("recipients.to")}
        value={to}
        onChange={onTo}
      />
    </>
  )
}
