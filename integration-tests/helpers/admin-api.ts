import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import jwt from "jsonwebtoken"

let admins = 0

/** Bearer headers of an admin user created through the modules (a JWT signed with the config's secret). */
export async function adminHeaders(container: MedusaContainer) {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  // Counted, not drawn: unique in this process, and the pid and time keep processes and runs apart.
  admins += 1
  const email = `admin-${process.pid}-${Date.now()}-${admins}@example.com`
  const user = await userModule.createUsers({ email })
  const identity = await authModule.createAuthIdentities({
    provider_identities: [{ provider: "emailpass", entity_id: email }],
    app_metadata: { user_id: user.id },
  })
  const token = jwt.sign(
    {
      actor_id: user.id,
      actor_type: "user",
      auth_identity_id: identity.id,
      app_metadata: { user_id: user.id },
    },
    process.env.JWT_SECRET || "supersecret",
    { expiresIn: "1d" }
  )
  return { headers: { authorization: `Bearer ${token}` } }
}

/**
 * What the store owner's inbox (`GET /admin/piastrix/notifications?state=needs_attention`) shows that needs a
 * person for the payment `shopOrderId`, and how many rows need one in all (the red count on the page).
 */
export async function needsAttentionFor(
  api: Pick<AxiosInstance, "get">,
  container: MedusaContainer,
  shopOrderId: string
) {
  const { data } = await api.get(
    "/admin/piastrix/notifications?state=needs_attention&limit=100",
    await adminHeaders(container)
  )
  return {
    rows: (data.notifications as Array<Record<string, any>>).filter(
      (n) => n.shop_order_id === shopOrderId
    ),
    needs_attention: data.needs_attention as number,
    count: data.count as number,
  }
}
