import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * What the service reports paid for a registered payment found paid another amount or currency than asked
 * (the reconcile job's status read): the inbox shows it beside the amount asked.
 */
export class Migration20261127060000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_payment" add column if not exists "paid_amount" text null, add column if not exists "paid_currency" integer null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_payment" drop column if exists "paid_amount", drop column if exists "paid_currency";`
    )
  }
}
