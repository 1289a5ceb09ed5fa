import { payerTexts } from "@/lib/locale"
import { ReturnStatus } from "@/modules/checkout/return-status"

export const dynamic = "force-dynamic"

/**
 * Where Piastrix sends the payer back (the plugin's `successUrl` and `failedUrl`:
 * `/checkout/return?session_id={session_id}`, `&failed=1` for the failed one).
 */
export default async function ReturnPage({
  searchParams,
}: {
  searchParams: Promise<{ session_id?: string; failed?: string }>
}) {
  const { session_id, failed } = await searchParams
  const { locale, t } = await payerTexts()
  if (!session_id) {
    return <p>{t.noPayment}</p>
  }
  return (
    <>
      <h1>{t.yourPayment}</h1>
      <ReturnStatus
        sessionId={session_id}
        cameBackFailed={failed === "1"}
        locale={locale}
      />
    </>
  )
}
