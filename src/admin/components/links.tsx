import { Link } from "react-router-dom"
import type { ReactNode } from "react"

const LINK =
  "txt-compact-small-plus text-ui-fg-interactive hover:text-ui-fg-interactive-hover"

/** An order as Medusa's admin names it, `#12`, linking to its page. */
export const OrderLink = ({
  order,
}: {
  order: { id: string; display_id: number }
}) => (
  <Link to={`/orders/${order.id}`} className={LINK} data-order={order.id}>
    #{order.display_id}
  </Link>
)

/** A payout, linking to its page. */
export const PayoutLink = ({
  id,
  children,
}: {
  id: string
  children: ReactNode
}) => (
  <Link to={`/piastrix/payouts/${id}`} className={LINK} data-payout={id}>
    {children}
  </Link>
)

/** A recipient by name, linking to its page. */
export const RecipientLink = ({
  id,
  children,
}: {
  id: string
  children: ReactNode
}) => (
  <Link
    to={`/piastrix/recipients/${id}`}
    className={LINK}
    data-recipient={id}
    onClick={(event) => event.stopPropagation()}
  >
    {children}
  </Link>
)
