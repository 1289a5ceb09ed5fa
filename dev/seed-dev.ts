import fs from "node:fs"
import path from "node:path"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { seedStore } from "./seed"
import { ensureAdminUser } from "./seed-admin"
import { seedFulfilment } from "./seed-fulfilment"
import { seedVendors } from "./seed-vendors"

/**
 * `medusa exec ./dev/seed-dev.ts`, run by `npm run dev` on every start: the demo store, what it needs to
 * fulfil an order (dev/seed-fulfilment.ts), its two vendors and the admin user, all idempotent. The dev
 * script reads the publishable key from PIASTRIX_DEV_SEED_OUT to write the storefront's config.
 */
export default async function seedDev({
  container,
}: {
  container: MedusaContainer
}) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const seeded = await seedStore(container)
  const fulfilment = await seedFulfilment(container, seeded)
  await seedVendors(container)
  const admin = {
    email: process.env.MEDUSA_ADMIN_EMAIL || "admin@example.com",
    password: process.env.MEDUSA_ADMIN_PASSWORD || "supersecret",
  }
  const { created } = await ensureAdminUser(container, admin)
  logger.info(
    `Demo store ready; admin ${admin.email} ${created ? "created" : "already there"}`
  )

  const out = process.env.PIASTRIX_DEV_SEED_OUT
  if (out) {
    fs.mkdirSync(path.dirname(out), { recursive: true })
    fs.writeFileSync(
      out,
      JSON.stringify(
        { ...seeded, ...fulfilment, adminEmail: admin.email },
        null,
        2
      )
    )
  }
}
