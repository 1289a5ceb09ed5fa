import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Text } from "@medusajs/ui"
import type { DetailWidgetProps, AdminOrder } from "@medusajs/framework/types"

/** Provider identifier -> what a store owner calls it (src/lib/plugin/identity.ts, kept in step). */
const LABELS: Record<string, string> = {
  "piastrix-wallet": "Piastrix wallet",
  piastrix: "Piastrix (redirect)",
  "piastrix-card": "Piastrix card",
  "piastrix-bank-transfer": "Piastrix bank transfer",
}

function labelOf(providerId: string): string | null {
  const identifier = /^pp_(piastrix(?:-wallet|-card|-bank-transfer)?)_/.exec(providerId)?.[1]
  return identifier ? LABELS[identifier] : null
}

/** The order's Piastrix payments in words, instead of a provider id. Nothing for other orders. */
const PiastrixOrderPaymentWidget = ({ data }: DetailWidgetProps<AdminOrder>) => {
  const payments = (data.payment_collections ?? []).flatMap((pc) => pc.payments ?? [])
  const ours = payments.filter((p) => labelOf(p.provider_id))
  if (!ours.length) {
    return null
  }
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Piastrix</Heading>
      </div>
      {ours.map((p) => (
        <div key={p.id} className="px-6 py-4">
          <Text size="small" weight="plus">
            {labelOf(p.provider_id)}
          </Text>
          <Text size="small" className="text-ui-fg-subtle">
            {p.captured_at ? "Captured" : "Awaiting payment"}
          </Text>
        </div>
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default PiastrixOrderPaymentWidget
