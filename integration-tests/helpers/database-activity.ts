import { Client } from "pg"
import { serverUrl } from "./medusa-process"

/**
 * What the test Postgres is doing now, for a hook that runs far longer than it should: the connections per
 * database and the statements that are not idle, with what each waits on. Printed, never asserted: it names
 * the cause when a boot or a restore hangs in a whole `npm test` and nowhere else.
 */
export async function printDatabaseActivity(why: string): Promise<void> {
  const client = new Client({
    connectionString: `${serverUrl()}/postgres`,
    application_name: "test-activity",
  })
  try {
    await client.connect()
    const { rows: counts } = await client.query(
      `select coalesce(datname, '-') as db, count(*)::int as n
         from pg_stat_activity group by 1 order by 2 desc`
    )
    const { rows: busy } = await client.query(
      `select pid, datname as db, application_name as app, state, wait_event_type, wait_event,
              round(extract(epoch from now() - query_start))::int as secs, left(query, 160) as query
         from pg_stat_activity
        where state is not null and state <> 'idle' and pid <> pg_backend_pid()
        order by query_start`
    )
    const { rows: limit } = await client.query(`show max_connections`)
    console.warn(
      [
        `${why}. Postgres: max_connections ${limit[0].max_connections}; connections per database: ` +
          counts.map((c) => `${c.db} ${c.n}`).join(", "),
        ...busy.map(
          (b) =>
            `  pid ${b.pid} ${b.db} ${b.app || "-"} ${b.state} ${b.secs}s` +
            `${b.wait_event ? ` waiting ${b.wait_event_type}/${b.wait_event}` : ""}: ${b.query}`
        ),
      ].join("\n")
    )
  } catch (e) {
    console.warn(`${why}. Postgres could not be asked: ${(e as Error).message}`)
  } finally {
    await client.end().catch(() => {})
  }
}
