import type { ReactNode } from "react"
import { Hydrated } from "@/modules/common/hydrated"
import "./globals.css"

export const metadata = {
  title: "Piastrix example store",
  description:
    "A Medusa storefront paying with Piastrix through medusa-payment-piastrix's storefront kit",
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site">
          <a href="/">Piastrix example store</a>
          <a href="/checkout">Checkout</a>
        </header>
        <main>{children}</main>
        <Hydrated />
      </body>
    </html>
  )
}
