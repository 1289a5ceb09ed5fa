import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The register of payments this store opened at the service. */
export class Migration20261124140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "piastrix_payment" ("id" text not null, "shop_order_id" text not null, "kind" text not null, "amount" text not null, "currency" integer not null, "payment_id" text null, "state" text not null default 'opened', "last_error" text null, "next_check_at" timestamptz null, "checked_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "piastrix_payment_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_piastrix_payment_shop_order_id_unique" ON "piastrix_payment" ("shop_order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_payment_deleted_at" ON "piastrix_payment" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_piastrix_payment_next_check_at" ON "piastrix_payment" ("next_check_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "piastrix_payment" cascade;`)
  }
}
