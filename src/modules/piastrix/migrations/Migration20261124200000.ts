import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The register of refund transfers, one row per Medusa refund, written before the transfer. */
export class Migration20261124200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "piastrix_refund" ("id" text not null, "refund_id" text not null, "shop_order_id" text not null, "shop_payment_id" text not null, "payee" text not null, "amount" text not null, "currency" integer not null, "payee_currency" integer not null, "state" text not null default 'sending', "transfer_id" text null, "last_error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "piastrix_refund_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_piastrix_refund_refund_id_unique" ON "piastrix_refund" ("refund_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_piastrix_refund_shop_payment_id_unique" ON "piastrix_refund" ("shop_payment_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_refund_shop_order_id" ON "piastrix_refund" ("shop_order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_refund_deleted_at" ON "piastrix_refund" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "piastrix_refund" cascade;`)
  }
}
