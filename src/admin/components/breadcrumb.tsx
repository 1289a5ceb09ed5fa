import { useTranslation } from "react-i18next"
import type { UIMatch } from "react-router-dom"
import { usePayout, useRecipient } from "../lib/api"
import { useAmounts } from "../lib/amounts"

/**
 * Breadcrumbs in the dashboard's top bar: a route's `handle.breadcrumb` (Medusa nests the plugin's routes by
 * path, so /piastrix/recipients/:id reads "Piastrix › Recipients › <name>"). The dashboard calls them outside
 * any component, so each returns one that reads the admin's language or the record itself.
 */
const Crumb = ({ text }: { text: string }) => {
  const { t } = useTranslation("piastrix")
  return <>{t(text)}</>
}

const RecipientCrumb = ({ id }: { id: string }) => {
  const { data } = useRecipient(id)
  return <>{data?.recipient.name ?? ""}</>
}

const PayoutCrumb = ({ id }: { id: string }) => {
  const { t } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const { data } = usePayout(id)
  return (
    <>
      {data
        ? t("payouts.page.pageTitle", {
            amount: amount(data.payout.amount, data.payout.currency_code),
          })
        : ""}
    </>
  )
}

/** A route's `handle` whose breadcrumb is the text at `key` in the plugin's translations. */
export const crumb = (key: string) => ({
  breadcrumb: () => <Crumb text={key} />,
})

/** The recipient page's `handle`: the recipient's name. */
export const recipientCrumb = {
  breadcrumb: (match: UIMatch) => (
    <RecipientCrumb id={(match.params as { id?: string }).id ?? ""} />
  ),
}

/** The payout page's `handle`: "Payout of RUB 50.00". */
export const payoutCrumb = {
  breadcrumb: (match: UIMatch) => (
    <PayoutCrumb id={(match.params as { id?: string }).id ?? ""} />
  ),
}
