/**
 * The part of knex the plugin's SQL needs: Medusa registers knex as `__pg_connection__`
 * (`ContainerRegistrationKeys.PG_CONNECTION`). In a file of its own because every file that speaks
 * SQL (the inbox, the registers, the payouts) takes one, and none of them should import another for it.
 */
export type SqlConnection = {
  raw(sql: string, bindings?: readonly unknown[]): PromiseLike<{ rows: any[] }>
}
