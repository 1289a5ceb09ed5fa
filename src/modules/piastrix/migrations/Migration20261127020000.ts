import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The inbox's "Mark resolved" for money that needs a person without a notification of its own
 * (modules/piastrix/repositories/inbox-attention.ts): a payment found paid without an order, and a refund
 * that did not go through, keep what the person did, who and when.
 */
export class Migration20261127020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_payment" add column if not exists "resolution_note" text null, add column if not exists "resolved_by" text null, add column if not exists "resolved_at" timestamptz null;`
    )
    this.addSql(
      `alter table if exists "piastrix_refund" add column if not exists "resolution_note" text null, add column if not exists "resolved_by" text null, add column if not exists "resolved_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_refund" drop column if exists "resolution_note", drop column if exists "resolved_by", drop column if exists "resolved_at";`
    )
    this.addSql(
      `alter table if exists "piastrix_payment" drop column if exists "resolution_note", drop column if exists "resolved_by", drop column if exists "resolved_at";`
    )
  }
}
