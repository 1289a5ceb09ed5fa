import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Claims on inbox rows, so one instance at a time processes a notification. */
export class Migration20261124130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_notification" add column if not exists "claimed_until" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_notification" drop column if exists "claimed_until";`
    )
  }
}
