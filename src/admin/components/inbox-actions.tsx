import { ArrowPath, ArrowUturnLeft, CheckCircle } from "@medusajs/icons"
import { Label, Textarea, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  useRefundNotification,
  useResolveNotification,
  useRetryNotification,
  type InboxRowView,
  type NotificationState,
} from "../lib/api"
import { useAmounts } from "../lib/amounts"
import { useConfirm } from "../lib/confirm"
import { runMutation } from "../lib/run-mutation"
import { ActionMenu } from "./action-menu"
import { Details } from "./details"
import { useFailureToast } from "./failure-toast"
import { FormDrawer } from "./form-drawer"

/**
 * Rows a person can act on: the cause may be fixed (retry, where the server says processing again can end
 * otherwise: `row.retryable`), the money sent back, or the row settled by hand.
 */
const OPEN = new Set<NotificationState>(["needs_attention", "failed"])

/**
 * A row's actions behind "…": retry once the cause is fixed, refund a paid wallet payment that could not
 * become an order (only where the service can send it back), or mark it resolved with a note. Retry and
 * refund move money: Medusa's prompt asks first, with the amount. A payment or refund that needs a person
 * without a notification is settled outside the inbox (its reason says where) and then only marked resolved.
 * Marking resolved takes the money off the list of what needs a person: the prompt says so, with the
 * amount, before the note is written.
 */
export const RowActions = ({
  row,
  onResolve,
}: {
  row: InboxRowView
  onResolve: (row: InboxRowView) => void
}) => {
  const { t } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const confirm = useConfirm()
  const retry = useRetryNotification()
  const refund = useRefundNotification()
  const failed = useFailureToast()
  if (!OPEN.has(row.state)) {
    return null
  }
  const sum = amount(row.shop_amount, row.shop_currency_code)
  const resolveNow = async () => {
    const yes = await confirm({
      title: t("inbox.resolveTitle", { amount: sum }),
      description: t(`inbox.resolveDescription.${row.source}`, {
        amount: sum,
      }),
      confirmText: t("inbox.resolveConfirm"),
    })
    if (yes) {
      onResolve(row)
    }
  }
  const retryNow = async () => {
    const yes = await confirm({
      title: t("inbox.retryTitle"),
      description: t("inbox.retryDescription", { amount: sum }),
      confirmText: t("inbox.retry"),
    })
    if (!yes) {
      return
    }
    runMutation(
      retry,
      row.id,
      ({ outcome }) =>
        // Green only when the retry did what it was for; otherwise the row keeps its reason.
        outcome === "processed"
          ? toast.success(t("inbox.retriedProcessed"))
          : toast.warning(
              t("inbox.retriedStill", {
                outcome: t(`inbox.states.${outcome}`),
              })
            ),
      failed(t("inbox.retryFailed"), { currency: row.shop_currency_code })
    )
  }
  const refundNow = async () => {
    const yes = await confirm({
      title: t("inbox.refundTitle", { amount: sum }),
      description: t("inbox.refundDescription", { amount: sum }),
      confirmText: t("inbox.refundConfirm", { amount: sum }),
      danger: true,
    })
    if (!yes) {
      return
    }
    // The server sends it once however often it is asked.
    runMutation(
      refund,
      row.id,
      ({ refund: r }) =>
        toast.success(
          t("inbox.refunded", { amount: amount(r.amount, r.currency_code) }),
          {
            description: (
              <Details
                lines={[
                  r.transfer_id
                    ? t("inbox.transferId", { id: r.transfer_id })
                    : null,
                ]}
              />
            ),
          }
        ),
      failed(t("inbox.refundFailed"), { currency: row.shop_currency_code })
    )
  }
  return (
    <ActionMenu
      groups={[
        [
          ...(row.retryable
            ? [
                {
                  icon: <ArrowPath />,
                  label: t("inbox.retry"),
                  onClick: retryNow,
                },
              ]
            : []),
          ...(row.refundable
            ? [
                {
                  icon: <ArrowUturnLeft />,
                  label: t("inbox.refund"),
                  onClick: refundNow,
                },
              ]
            : []),
        ],
        [
          {
            icon: <CheckCircle />,
            label: t("inbox.resolve"),
            onClick: resolveNow,
          },
        ],
      ]}
    />
  )
}

/** "Mark resolved": what the person did (refunded at Piastrix, made the order by hand), saved with the row. */
export const ResolveDrawer = ({
  row,
  onClose,
}: {
  row: InboxRowView | null
  onClose: () => void
}) => {
  const { t } = useTranslation("piastrix")
  const resolve = useResolveNotification()
  const failed = useFailureToast()
  const [note, setNote] = useState("")
  useEffect(() => setNote(""), [row])
  return (
    <FormDrawer
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("inbox.resolve")}
      description={t("inbox.resolutionNote")}
      onSubmit={(event) => {
        event.preventDefault()
        if (!row) {
          return
        }
        runMutation(
          resolve,
          { id: row.id, note, source: row.source },
          () => {
            toast.success(t("inbox.resolved"))
            onClose()
          },
          failed(t("inbox.resolveFailed"))
        )
      }}
      submit={{
        text: t("inbox.saveResolution"),
        disabled: !note.trim(),
        busy: resolve.isPending,
      }}
    >
      <div className="flex flex-col gap-y-2">
        <Label size="small" htmlFor="piastrix-resolution-note">
          {t("inbox.resolutionLabel")}
        </Label>
        <Textarea
          id="piastrix-resolution-note"
          autoFocus
          placeholder={t("inbox.resolutionNote")}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </FormDrawer>
  )
}
