import "server-only"
import { cookies } from "next/headers"

/** The starter's cookies (src/lib/data/cookies.ts): the cart id and the customer's token. */

export async function getAuthHeaders(): Promise<Record<string, string>> {
  const token = (await cookies()).get("_medusa_jwt")?.value
  return token ? { authorization: `Bearer ${token}` } : {}
}

export async function getCartId() {
  return (await cookies()).get("_medusa_cart_id")?.value
}

export async function setCartId(cartId: string) {
  ;(await cookies()).set("_medusa_cart_id", cartId, {
    maxAge: 60 * 60 * 24 * 7,
    httpOnly: true,
    sameSite: "lax",
    secure: process.env.NODE_ENV === "production" && !!process.env.HTTPS,
  })
}

export async function removeCartId() {
  ;(await cookies()).delete("_medusa_cart_id")
}
