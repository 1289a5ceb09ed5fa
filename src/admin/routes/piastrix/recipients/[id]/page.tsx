import { CurrencyDollar, Pause, PlaySolid } from "@medusajs/icons"
import { StatusBadge, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router-dom"
import { ActionMenu } from "../../../../components/action-menu"
import { recipientCrumb } from "../../../../components/breadcrumb"
import { AdjustDrawer } from "../../../../components/recipient/adjust-drawer"
import { CheckAccount } from "../../../../components/recipient/check-account"
import { LedgerSection } from "../../../../components/recipient/ledger-section"
import { ProductsSection } from "../../../../components/recipient/products-section"
import { SettingsSection } from "../../../../components/recipient/settings-section"
import { Body, Section } from "../../../../components/states"
import { useFailureToast } from "../../../../components/failure-toast"
import { useRecipient, useSaveRecipient } from "../../../../lib/api"
import { useAmounts } from "../../../../lib/amounts"
import { usePaywayName } from "../../../../lib/payways"
import { runMutation } from "../../../../lib/run-mutation"

/** The recipient's ledger accounts, in the order money moves through them. */
const ACCOUNTS = ["held", "available", "in_flight", "paid", "clawback"]

/**
 * One recipient: what it is paid and how, its balances, *Adjust balance* and *Suspend* behind "…", its
 * settings, the products whose sales earn it its share, and its ledger with a statement download; one
 * section per file in components/recipient, as the dashboard's detail pages keep them.
 */
const PiastrixRecipientPage = () => {
  const { t } = useTranslation("piastrix")
  const { id = "" } = useParams()
  const { amount } = useAmounts()
  const paywayName = usePaywayName()
  const { data, isLoading, error } = useRecipient(id)
  const save = useSaveRecipient()
  const failed = useFailureToast()
  const [adjusting, setAdjusting] = useState(false)
  const recipient = data?.recipient
  const suspended = recipient?.state === "suspended"
  return (
    <div className="flex flex-col gap-y-3">
      <Section
        level="h1"
        title={recipient?.name ?? t("recipients.title")}
        subtitle={
          recipient
            ? `${t("recipients.paidTo")}: ${
                recipient.rail === "transfer"
                  ? t("payouts.wallet")
                  : paywayName(recipient.payway)
              } ${recipient.account ?? ""}`
            : undefined
        }
        actions={
          recipient && (
            <div className="flex items-center gap-x-2">
              <StatusBadge color={suspended ? "grey" : "green"}>
                {t(`recipients.states.${recipient.state}`)}
              </StatusBadge>
              <ActionMenu
                groups={[
                  [
                    {
                      icon: <CurrencyDollar />,
                      label: t("recipients.adjust"),
                      onClick: () => setAdjusting(true),
                    },
                  ],
                  [
                    {
                      icon: suspended ? <PlaySolid /> : <Pause />,
                      label: suspended
                        ? t("recipients.activate")
                        : t("recipients.suspend"),
                      disabled: save.isPending,
                      onClick: () =>
                        runMutation(
                          save,
                          { id, state: suspended ? "active" : "suspended" },
                          ({ recipient: r }) =>
                            toast.success(t(`recipients.states.${r.state}`)),
                          failed(t("recipients.stateFailed"))
                        ),
                    },
                  ],
                ]}
              />
            </div>
          )
        }
      >
        <Body loading={isLoading} error={error}>
          {recipient && data && (
            <div className="grid grid-cols-2 gap-4 px-6 py-4 lg:grid-cols-5">
              {ACCOUNTS.map((account) => (
                <Text key={account} size="small" data-account={account}>
                  {t(`recipients.accounts.${account}`)}:{" "}
                  {amount(data.balances[account] ?? "0", data.currency_code)}
                </Text>
              ))}
            </div>
          )}
          {recipient?.rail === "withdraw" && <CheckAccount id={id} />}
        </Body>
      </Section>
      {recipient && (
        <Section title={t("recipients.settings")}>
          <SettingsSection recipient={recipient} />
        </Section>
      )}
      <ProductsSection id={id} />
      <LedgerSection id={id} currency={data?.currency_code} />
      {recipient && (
        <AdjustDrawer
          recipient={recipient}
          currency={data?.currency_code}
          open={adjusting}
          onOpenChange={setAdjusting}
        />
      )}
    </div>
  )
}

export const handle = recipientCrumb

export default PiastrixRecipientPage
