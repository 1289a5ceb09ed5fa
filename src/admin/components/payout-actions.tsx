import { ArrowPath, CheckCircle, XCircle } from "@medusajs/icons"
import { toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { messageText } from "../../lib/plugin/messages"
import { usePayoutAction, type PayoutStatus, type PayoutView } from "../lib/api"
import { useAmounts } from "../lib/amounts"
import { useConfirm } from "../lib/confirm"
import { runMutation } from "../lib/run-mutation"
import { ActionMenu } from "./action-menu"
import { useFailureToast } from "./failure-toast"

/**
 * How an action on a payout ended, as its toast says it: green for what is done (approved, canceled), blue for
 * a payout put back in flight (the job decides how it ends), orange when it needs a person again.
 */
const outcomeToast = (status: PayoutStatus, done: "success" | "info") =>
  status === "needs_attention" || status === "rejected"
    ? toast.warning
    : toast[done]

/**
 * Approve, retry or cancel behind "…", where the payout's status allows it; each moves money or stops it, so
 * Medusa's prompt asks first with the amount and the recipient.
 */
export function PayoutActions({
  payout,
  name,
}: {
  payout: PayoutView
  name: string
}) {
  const { t } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const confirm = useConfirm()
  const act = usePayoutAction()
  const failed = useFailureToast()
  const sum = amount(payout.amount, payout.currency_code)
  const run = async (
    action: Parameters<typeof act.mutate>[0],
    verb: "approve" | "retry" | "cancel",
    done: string,
    tone: "success" | "info" = "success"
  ) => {
    const yes = await confirm({
      title: t(`payouts.prompts.${verb}Title`),
      description: t(`payouts.prompts.${verb}Description`, {
        amount: sum,
        name,
      }),
      confirmText: t(`payouts.prompts.${verb}Confirm`),
      danger: verb === "cancel",
    })
    if (yes) {
      runMutation(
        act,
        action,
        ({ payout: after }) =>
          outcomeToast(
            after.status,
            tone
          )(
            after.status === "needs_attention" || after.status === "rejected"
              ? t("payouts.endedAs", {
                  status: t(`payouts.statuses.${after.status}`),
                })
              : done
          ),
        failed(t(`payouts.${verb}Failed`), { currency: payout.currency_code })
      )
    }
  }
  return (
    <ActionMenu
      groups={[
        [
          ...(payout.status === "awaiting_approval"
            ? [
                {
                  icon: <CheckCircle />,
                  label: t("payouts.approve"),
                  onClick: () =>
                    run(
                      { type: "approve", id: payout.id },
                      "approve",
                      t("payouts.approved")
                    ),
                },
              ]
            : []),
          ...(payout.status === "needs_attention"
            ? [
                {
                  icon: <ArrowPath />,
                  label: t("payouts.retry"),
                  onClick: () =>
                    run(
                      { type: "retry", id: payout.id },
                      "retry",
                      t("payouts.retried"),
                      "info"
                    ),
                },
              ]
            : []),
        ],
        payout.status === "awaiting_approval" || payout.status === "pending"
          ? [
              {
                icon: <XCircle />,
                label: t("payouts.cancel"),
                onClick: () =>
                  run(
                    {
                      type: "cancel",
                      id: payout.id,
                      // In the server's vocabulary, so every reader sees it in their own language.
                      reason: messageText("payout.canceled_in_admin"),
                    },
                    "cancel",
                    t("payouts.canceled")
                  ),
              },
            ]
          : [],
      ]}
    />
  )
}
