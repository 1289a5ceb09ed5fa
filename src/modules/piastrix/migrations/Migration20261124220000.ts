import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261124220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "piastrix_poll" ("id" text not null, "next_allowed_at" timestamptz not null, "claimed_until" timestamptz null, "value" jsonb null, "value_at" timestamptz null, "last_error" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "piastrix_poll_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_poll_deleted_at" ON "piastrix_poll" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "piastrix_poll" cascade;`)
  }
}
