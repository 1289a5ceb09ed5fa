import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createUsersWorkflow } from "@medusajs/medusa/core-flows"

export type AdminCredentials = { email: string; password: string }

/**
 * The admin user of the dev store, made the way `medusa user` makes one (a user, and an emailpass
 * identity pointing at it). Safe to run again: an existing user or identity is kept as it is, so a
 * password changed in the admin survives a restart.
 */
export async function ensureAdminUser(
  container: MedusaContainer,
  { email, password }: AdminCredentials
) {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)

  let [user] = await userModule.listUsers({ email })
  if (!user) {
    const { result } = await createUsersWorkflow(container).run({
      input: { users: [{ email }] },
    })
    user = result[0]
  }

  const identities = await authModule.listProviderIdentities({
    entity_id: email,
    provider: "emailpass",
  })
  if (identities.length) {
    return { userId: user.id, created: false }
  }
  const { authIdentity, error } = await authModule.register("emailpass", {
    body: { email, password },
  })
  if (error || !authIdentity) {
    throw new Error(
      `could not create the admin identity for ${email}: ${error ?? "no identity returned"}`
    )
  }
  await authModule.updateAuthIdentities({
    id: authIdentity.id,
    app_metadata: { user_id: user.id },
  })
  return { userId: user.id, created: true }
}
