import { Button, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { ScheduleField, TextField } from "../field"
import { useSaveRecipient, type RecipientView } from "../../lib/api"
import { decimalOf, useAmounts } from "../../lib/amounts"
import { runMutation } from "../../lib/run-mutation"
import { useFailureToast } from "../failure-toast"

/** Fields that are amounts (or a percentage), typed the reader's way ("1 250,50") and sent as the API's decimal. */
const AMOUNTS = ["commission_percent", "commission_fixed", "minimum_payout"]

/** The recipient's settings to edit: name, e-mail, a new account typed whole, commission, hold, schedule. */
export function SettingsSection({ recipient }: { recipient: RecipientView }) {
  const { t } = useTranslation("piastrix")
  const save = useSaveRecipient()
  const failed = useFailureToast()
  const { number } = useAmounts()
  // As the API has them (decimals), to send only what changed.
  const initial = {
    name: recipient.name,
    email: recipient.email,
    // The server shows the account masked only: the field is empty, and a new account is typed whole.
    account: "",
    commission_percent: recipient.commission_percent,
    commission_fixed: recipient.commission_fixed,
    hold_days: String(recipient.hold_days),
    schedule: recipient.schedule as string,
    minimum_payout: recipient.minimum_payout,
  }
  // As the reader types them: the saved amounts in the reader's format ("1 250,50", "1,250.50").
  const shown = () =>
    Object.fromEntries(
      Object.entries(initial).map(([k, v]) => [
        k,
        AMOUNTS.includes(k) ? number(v) : v,
      ])
    ) as typeof initial
  const [form, setForm] = useState(shown)
  useEffect(() => setForm(shown()), [recipient, number])
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }))
  const text = (field: keyof typeof form, label: string) => (
    <TextField
      id={`piastrix-recipient-${field}`}
      label={label}
      value={form[field]}
      onChange={set(field)}
    />
  )
  return (
    <form
      className="grid grid-cols-2 gap-4 px-6 py-4 lg:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault()
        // Only what changed: an unchanged account is not checked again.
        const changes = Object.fromEntries(
          Object.entries(form)
            .map(([k, v]) => [k, AMOUNTS.includes(k) ? decimalOf(v) : v])
            .filter(([k, v]) => v !== initial[k as keyof typeof initial])
        )
        if ("hold_days" in changes) {
          changes.hold_days = Number(changes.hold_days) as never
        }
        runMutation(
          save,
          { id: recipient.id, ...changes },
          () => toast.success(t("recipients.saved")),
          failed(t("recipients.saveFailed"))
        )
      }}
    >
      {text("name", t("recipients.name"))}
      {text("email", t("recipients.email"))}
      <TextField
        id="piastrix-recipient-account"
        label={t("recipients.newAccount")}
        placeholder={recipient.account}
        value={form.account}
        onChange={set("account")}
      />
      {text("commission_percent", t("recipients.commissionPercent"))}
      {text("commission_fixed", t("recipients.commissionFixed"))}
      {text("hold_days", t("recipients.holdDays"))}
      {text("minimum_payout", t("recipients.minimumPayout"))}
      <ScheduleField value={form.schedule} onChange={set("schedule")} />
      <div className="col-span-full flex justify-end">
        <Button size="small" type="submit" isLoading={save.isPending}>
          {t("recipients.save")}
        </Button>
      </div>
    </form>
  )
}
