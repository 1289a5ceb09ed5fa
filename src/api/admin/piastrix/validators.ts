import { z } from "@medusajs/framework/zod"

/** Bodies and queries of the admin routes under /admin/piastrix (checked in src/api/middlewares.ts). */

export const AdminNoQuery = z.object({}).strict()
export const AdminEmptyBody = z.object({}).strict()

export const AdminConnectionTestBody = z
  .object({
    shop_id: z.number().int().positive().optional(),
    secret_key: z.string().min(1).max(500).optional(),
  })
  .strict()
  .refine((b) => (b.shop_id === undefined) === (b.secret_key === undefined), {
    message:
      "secret_key: give both shop_id and secret_key, or neither (the configured ones)",
    path: ["secret_key"],
  })
export type AdminConnectionTestBody = z.infer<typeof AdminConnectionTestBody>

export const AdminNotificationsQuery = z
  .object({
    state: z
      .enum([
        "received",
        "processed",
        "ignored",
        "needs_attention",
        "failed",
        "resolved",
      ])
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict()
export type AdminNotificationsQuery = z.infer<typeof AdminNotificationsQuery>

/**
 * Operational settings to change: `{ "<option path>": value }`, null for "back to the default". Which keys
 * exist and what each value must be is modules/piastrix/repositories/settings.ts's (400 naming the key).
 */
export const AdminSaveSettingsBody = z
  .object({
    settings: z
      .record(z.string().max(100), z.unknown())
      .refine((s) => Object.keys(s).length > 0, {
        message: "settings: name at least one setting",
      }),
  })
  .strict()
export type AdminSaveSettingsBody = z.infer<typeof AdminSaveSettingsBody>

/**
 * What the person did about an inbox row they mark resolved, and where the row comes from (`source` of the
 * inbox's listing: a notification, or a payment or refund that needs a person without one).
 */
export const AdminResolveNotificationBody = z
  .object({
    note: z.string().trim().min(1).max(1000),
    source: z
      .enum(["notification", "payment", "refund"])
      .default("notification"),
  })
  .strict()
export type AdminResolveNotificationBody = z.infer<
  typeof AdminResolveNotificationBody
>
