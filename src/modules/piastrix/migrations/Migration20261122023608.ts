import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122023608 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_notification" drop constraint if exists "piastrix_notification_dedupe_key_unique";`
    )
    this.addSql(
      `create table if not exists "piastrix_notification" ("id" text not null, "dedupe_key" text not null, "shop_order_id" text not null, "payment_id" text null, "status" text not null, "shop_amount" text null, "shop_currency" integer null, "fields" jsonb not null, "state" text check ("state" in ('received', 'processed', 'ignored', 'needs_attention', 'failed')) not null default 'received', "attempts" integer not null default 0, "last_error" text null, "processed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "piastrix_notification_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_piastrix_notification_dedupe_key_unique" ON "piastrix_notification" ("dedupe_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_notification_deleted_at" ON "piastrix_notification" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_notification_shop_order_id" ON "piastrix_notification" ("shop_order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_notification_state" ON "piastrix_notification" ("state") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "piastrix_notification" cascade;`)
  }
}
