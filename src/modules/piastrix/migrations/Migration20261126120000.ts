import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The masked account beside the encrypted one (lib/payouts/accounts.ts), for everything that only shows it.
 * Encrypting the existing rows needs the account key, which a migration does not have: the module's loader
 * does it at boot (lib/payouts/stored-accounts.ts).
 */
export class Migration20261126120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_recipient" add column if not exists "account_masked" text null;`
    )
    this.addSql(
      `alter table if exists "piastrix_payout" add column if not exists "account_masked" text null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_recipient" drop column if exists "account_masked";`
    )
    this.addSql(
      `alter table if exists "piastrix_payout" drop column if exists "account_masked";`
    )
  }
}
