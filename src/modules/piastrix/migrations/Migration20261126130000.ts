import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** maskAccount (lib/plugin/mask.ts) in SQL, over `s.data->>'payer_account'`. */
const ACCOUNT = `(s.data->>'payer_account')`
const MASKED = `case
  when ${ACCOUNT} like '%@%' then left(split_part(${ACCOUNT}, '@', 1), 1) || '•••@' || split_part(${ACCOUNT}, '@', 2)
  when length(${ACCOUNT}) <= 6 then repeat('•', length(${ACCOUNT}))
  else left(${ACCOUNT}, 2) || repeat('•', length(${ACCOUNT}) - 6) || right(${ACCOUNT}, 4)
end`

/**
 * Payer data stays with the payer: the register keeps the payer's wallet in full, session data (which
 * Medusa's store API returns with the cart) only masked. Wallets already in session data are copied to
 * the register, then masked in the data the way lib/plugin/mask.ts masks them. And the windows table counts
 * attempts (`hits`) for the storefront's limits (lib/plugin/attempt-limit.ts).
 */
export class Migration20261126130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_payment" add column if not exists "payer_account" text null;`
    )
    this.addSql(
      `alter table if exists "piastrix_poll" add column if not exists "hits" integer not null default 0;`
    )
    // Medusa copies a session's data to its payment: both are masked. Their tables may not exist yet on a
    // first install (module migrations run in any order); then there is nothing to mask either.
    for (const table of ["payment_session", "payment"]) {
      this.addSql(`
        do $$
        begin
          if to_regclass('${table}') is null then
            return;
          end if;
          update "piastrix_payment" r
             set payer_account = s.data->>'payer_account', updated_at = now()
            from "${table}" s
           where s.provider_id like 'pp\\_piastrix%'
             and s.data->>'shop_order_id' = r.shop_order_id
             and r.payer_account is null and r.deleted_at is null
             and coalesce(s.data->>'payer_account', '') <> ''
             and position('•' in s.data->>'payer_account') = 0;
          update "${table}" s
             set data = jsonb_set(s.data, '{payer_account}', to_jsonb(${MASKED}))
           where s.provider_id like 'pp\\_piastrix%'
             and coalesce(s.data->>'payer_account', '') <> ''
             and position('•' in s.data->>'payer_account') = 0;
        end $$;
      `)
    }
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "piastrix_poll" drop column if exists "hits";`
    )
    this.addSql(
      `alter table if exists "piastrix_payment" drop column if exists "payer_account";`
    )
  }
}
