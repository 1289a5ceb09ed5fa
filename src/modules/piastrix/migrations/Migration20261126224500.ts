import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The code and params of each reason and note the plugin stores, beside its text (lib/plugin/messages.ts,
 * `storedMessage`): a template's words may change without older rows losing their code. Rows written before
 * keep null here and are named by matching their text.
 */
export class Migration20261126224500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_notification" add column if not exists "last_error_code" jsonb null, add column if not exists "resolution_note_code" jsonb null;`
    )
    this.addSql(
      `alter table if exists "piastrix_payout" add column if not exists "rejected_reason_code" jsonb null, add column if not exists "last_error_code" jsonb null;`
    )
    this.addSql(
      `alter table if exists "piastrix_ledger_entry" add column if not exists "reason_code" jsonb null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_ledger_entry" drop column if exists "reason_code";`
    )
    this.addSql(
      `alter table if exists "piastrix_payout" drop column if exists "rejected_reason_code", drop column if exists "last_error_code";`
    )
    this.addSql(
      `alter table if exists "piastrix_notification" drop column if exists "last_error_code", drop column if exists "resolution_note_code";`
    )
  }
}
