import { Text, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { TextField } from "../field"
import { FormDrawer } from "../form-drawer"
import { useAdjustBalance, type RecipientView } from "../../lib/api"
import { decimalOf, useAmounts } from "../../lib/amounts"
import { useConfirm } from "../../lib/confirm"
import { runMutation } from "../../lib/run-mutation"
import { useFailureToast } from "../failure-toast"

/**
 * "Adjust balance": a correction of the available balance with its reason, in a drawer; Medusa's prompt
 * asks once more with the amount, since it changes what the recipient is paid.
 */
export function AdjustDrawer({
  recipient,
  currency,
  open,
  onOpenChange,
}: {
  recipient: RecipientView
  currency?: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation("piastrix")
  const { amount: shown, number } = useAmounts()
  const confirm = useConfirm()
  const adjust = useAdjustBalance(recipient.id)
  const failed = useFailureToast()
  const [amount, setAmount] = useState("")
  const [reason, setReason] = useState("")
  // One key per opened form: a second click on the same correction posts it once.
  const [key, setKey] = useState("")
  useEffect(() => {
    if (open) {
      setAmount("")
      setReason("")
      setKey(crypto.randomUUID())
    }
  }, [open])
  return (
    <FormDrawer
      open={open}
      onOpenChange={onOpenChange}
      title={t("recipients.adjust")}
      description={t("recipients.adjustHint")}
      onSubmit={async (event) => {
        event.preventDefault()
        const yes = await confirm({
          title: t("recipients.adjustTitle"),
          // A negative amount is said as what is taken away ("50,00 ₽ is taken"), not "-50,00 ₽ is added".
          description: decimalOf(amount).startsWith("-")
            ? t("recipients.adjustTakeDescription", {
                amount: shown(decimalOf(amount).slice(1), currency),
                name: recipient.name,
              })
            : t("recipients.adjustDescription", {
                amount: shown(decimalOf(amount), currency),
                name: recipient.name,
              }),
          confirmText: t("recipients.adjust"),
        })
        if (!yes) {
          return
        }
        runMutation(
          adjust,
          { amount: decimalOf(amount), reason, idempotency_key: key },
          () => {
            toast.success(t("recipients.adjusted"))
            onOpenChange(false)
          },
          failed(t("recipients.adjustFailed"), { currency })
        )
      }}
      submit={{
        text: t("recipients.adjust"),
        disabled: !amount.trim() || !reason.trim(),
        busy: adjust.isPending,
      }}
    >
      <Text size="small" className="text-ui-fg-subtle">
        {t("recipients.adjustHint")}
      </Text>
      <TextField
        id="piastrix-adjust-amount"
        label={t("recipients.adjustAmount")}
        placeholder={number("-10.00")}
        value={amount}
        onChange={setAmount}
      />
      <TextField
        id="piastrix-adjust-reason"
        label={t("recipients.adjustReason")}
        value={reason}
        onChange={setReason}
      />
    </FormDrawer>
  )
}
