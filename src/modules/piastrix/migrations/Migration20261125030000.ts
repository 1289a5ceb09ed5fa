import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Operational settings changed in the admin (lib/plugin/settings.ts). */
export class Migration20261125030000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "piastrix_setting" ("id" text not null, "value" jsonb null, "updated_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "piastrix_setting_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_setting_deleted_at" ON "piastrix_setting" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "piastrix_setting" cascade;`)
  }
}
