import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The inbox's `resolved` state: a row a person settled outside the plugin, with their note. */
export class Migration20261125020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_notification" drop constraint if exists "piastrix_notification_state_check";`
    )
    this.addSql(
      `alter table if exists "piastrix_notification" add constraint "piastrix_notification_state_check" check ("state" in ('received', 'processed', 'ignored', 'needs_attention', 'failed', 'resolved'));`
    )
    this.addSql(
      `alter table if exists "piastrix_notification" add column if not exists "resolution_note" text null, add column if not exists "resolved_by" text null, add column if not exists "resolved_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_notification" drop column if exists "resolution_note", drop column if exists "resolved_by", drop column if exists "resolved_at";`
    )
    this.addSql(
      `alter table if exists "piastrix_notification" drop constraint if exists "piastrix_notification_state_check";`
    )
    this.addSql(
      `alter table if exists "piastrix_notification" add constraint "piastrix_notification_state_check" check ("state" in ('received', 'processed', 'ignored', 'needs_attention', 'failed'));`
    )
  }
}
