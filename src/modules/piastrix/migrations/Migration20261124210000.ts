import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Payouts: recipients, the ledger and payouts (docs/architecture.md, "Payouts"). Ledger entries are
 * immutable: a trigger refuses to update or delete them, so a correction can only be a new posting.
 */
export class Migration20261124210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_payout" drop constraint if exists "piastrix_payout_shop_payment_id_unique";`
    )
    this.addSql(
      `alter table if exists "piastrix_ledger_entry" drop constraint if exists "piastrix_ledger_entry_idempotency_key_unique";`
    )
    this.addSql(
      `create table if not exists "piastrix_ledger_entry" ("id" text not null, "idempotency_key" text not null, "transaction_id" text not null, "recipient_id" text null, "currency" integer not null, "account" text not null, "amount" numeric not null, "kind" text not null, "reason" text null, "related_transaction_id" text null, "order_id" text null, "line_item_id" text null, "fulfillment_id" text null, "payout_id" text null, "raw_amount" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "piastrix_ledger_entry_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_piastrix_ledger_entry_idempotency_key_unique" ON "piastrix_ledger_entry" ("idempotency_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_ledger_entry_deleted_at" ON "piastrix_ledger_entry" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_ledger_entry_transaction_id" ON "piastrix_ledger_entry" ("transaction_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_ledger_entry_recipient_id_currency_account" ON "piastrix_ledger_entry" ("recipient_id", "currency", "account") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_ledger_entry_related_transaction_id" ON "piastrix_ledger_entry" ("related_transaction_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_ledger_entry_payout_id" ON "piastrix_ledger_entry" ("payout_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `create table if not exists "piastrix_payout" ("id" text not null, "recipient_id" text not null, "currency" integer not null, "amount" numeric not null, "fee" numeric null, "rail" text check ("rail" in ('transfer', 'withdraw')) not null, "payway" text null, "account" text not null, "account_details" jsonb null, "shop_payment_id" text not null, "status" text check ("status" in ('awaiting_approval', 'pending', 'processing', 'succeeded', 'rejected', 'canceled', 'needs_attention')) not null default 'pending', "rejected_reason" text null, "last_error" text null, "service_id" text null, "attempts" integer not null default 0, "sent_at" timestamptz null, "settled_at" timestamptz null, "next_poll_at" timestamptz null, "claimed_until" timestamptz null, "raw_amount" jsonb not null, "raw_fee" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "piastrix_payout_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_piastrix_payout_shop_payment_id_unique" ON "piastrix_payout" ("shop_payment_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_payout_deleted_at" ON "piastrix_payout" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_payout_status_next_poll_at" ON "piastrix_payout" ("status", "next_poll_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_payout_recipient_id_currency" ON "piastrix_payout" ("recipient_id", "currency") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `create table if not exists "piastrix_recipient" ("id" text not null, "name" text not null, "email" text not null, "rail" text check ("rail" in ('transfer', 'withdraw')) not null, "payway" text null, "account" text not null, "account_details" jsonb null, "currency" integer not null, "commission_percent" numeric not null default 0, "commission_fixed" numeric not null default 0, "hold_days" integer not null default 14, "schedule" text check ("schedule" in ('daily', 'weekly', 'monthly', 'manual')) not null default 'weekly', "minimum_payout" numeric not null default 0, "state" text check ("state" in ('active', 'suspended')) not null default 'active', "raw_commission_percent" jsonb not null default '{"value":"0","precision":20}', "raw_commission_fixed" jsonb not null default '{"value":"0","precision":20}', "raw_minimum_payout" jsonb not null default '{"value":"0","precision":20}', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "piastrix_recipient_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_recipient_deleted_at" ON "piastrix_recipient" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this
      .addSql(`create or replace function piastrix_ledger_entry_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'piastrix_ledger_entry rows are immutable: post a correction instead';
      end $$;`)
    this.addSql(
      `drop trigger if exists piastrix_ledger_entry_immutable on "piastrix_ledger_entry";`
    )
    this
      .addSql(`create trigger piastrix_ledger_entry_immutable before update or delete on "piastrix_ledger_entry"
      for each row execute function piastrix_ledger_entry_immutable();`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "piastrix_ledger_entry" cascade;`)
    this.addSql(`drop function if exists piastrix_ledger_entry_immutable();`)
    this.addSql(`drop table if exists "piastrix_payout" cascade;`)
    this.addSql(`drop table if exists "piastrix_recipient" cascade;`)
  }
}
