import { Button, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { TextField } from "../field"
import { useMessageWords } from "../server-message"
import { useCheckAccount } from "../../lib/api"
import { runMutation } from "../../lib/run-mutation"
import { Details } from "../details"
import { useFailureToast } from "../failure-toast"

/** Asks the service whether the withdraw account would be paid an amount now; the answer in a toast. */
export function CheckAccount({ id }: { id: string }) {
  const { t } = useTranslation("piastrix")
  const check = useCheckAccount(id)
  const words = useMessageWords()
  const failed = useFailureToast()
  const [amount, setAmount] = useState("100.00")
  return (
    <form
      className="flex items-end gap-x-2 px-6 py-4"
      onSubmit={(event) => {
        event.preventDefault()
        runMutation(
          check,
          amount,
          ({ result, reason, reason_message }) =>
            (result === "ok" ? toast.success : toast.warning)(
              t(`recipients.accountCheck.${result}`, {
                reason: reason_message ? words(reason_message) : "",
              }),
              { description: <Details lines={[reason]} /> }
            ),
          failed(t("recipients.checkFailed"))
        )
      }}
    >
      <TextField
        id="piastrix-check-amount"
        label={t("recipients.checkAmount")}
        value={amount}
        onChange={setAmount}
      />
      <Button
        size="small"
        variant="secondary"
        type="submit"
        isLoading={check.isPending}
      >
        {t("recipients.checkAccount")}
      </Button>
    </form>
  )
}
