import type { ReactNode } from "react"
import { payerTexts } from "@/lib/locale"
import { Hydrated } from "@/modules/common/hydrated"
import "./globals.css"

export async function generateMetadata() {
  const { t } = await payerTexts()
  return { title: t.storeName, description: t.storeDescription }
}

export default async function RootLayout({
  children,
}: {
  children: ReactNode
}) {
  const { locale, t } = await payerTexts()
  return (
    <html lang={locale}>
      <body>
        <header className="site">
          <a href="/">{t.storeName}</a>
          <a href="/checkout">{t.checkoutLink}</a>
        </header>
        <main>{children}</main>
        <Hydrated />
      </body>
    </html>
  )
}
