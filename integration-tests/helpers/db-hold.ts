import { Client } from "pg"
import { serverUrl } from "./medusa-process"

/** A backend waiting on the held table: which process it serves (`application_name`) and its statement. */
export type WaitingBackend = { pid: number; name: string; query: string }

export type TableHold = {
  /** Backends waiting on the table now, for a test to see a process stopped at a known point. */
  waiting(): Promise<WaitingBackend[]>
  /** Waits until a backend waits on the table and returns those waiting; fails after `timeoutMs`. */
  firstWaiting(timeoutMs?: number): Promise<WaitingBackend[]>
  /** Backends of the process `name` still connected (a killed process's end within a second). */
  backendsOf(name: string): Promise<number>
  /** Ends the hold: the statements waiting on it go on. */
  release(): Promise<void>
}

/**
 * Holds `table` against writes (`lock table ... in share mode`, reads go on) in a transaction of its own,
 * so a process that writes to it stops at that statement until the hold ends: a test can kill it there,
 * knowing where it was. With `mode: "access exclusive"` reads of it stop too. Real Postgres, no code of the
 * plugin touched.
 */
export async function holdTable(
  databaseUrl: string,
  table: string,
  { mode = "share" }: { mode?: "share" | "access exclusive" } = {}
): Promise<TableHold> {
  const client = new Client({
    connectionString: databaseUrl,
    application_name: "test-hold",
  })
  // Watched from a connection of its own: a transaction sees pg_stat_activity as it was when it first looked.
  const watch = new Client({
    connectionString: databaseUrl,
    application_name: "test-hold-watch",
  })
  await Promise.all([client.connect(), watch.connect()])
  await client.query("begin")
  await client.query(`lock table "${table}" in ${mode} mode`)
  let released = false
  const waiting = async (): Promise<WaitingBackend[]> => {
    const { rows } = await watch.query(
      `select a.pid, a.application_name as name, a.query
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.relation = $1::regclass and not l.granted
        order by a.pid`,
      [`"${table}"`]
    )
    return rows
  }
  return {
    waiting,
    async firstWaiting(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const list = await waiting()
        if (list.length) {
          return list
        }
        if (Date.now() > deadline) {
          throw new Error(
            `no backend waited on ${table} within ${timeoutMs} ms`
          )
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    async backendsOf(name) {
      const { rows } = await watch.query(
        `select count(*)::int as n from pg_stat_activity where application_name = $1`,
        [name]
      )
      return rows[0].n
    },
    async release() {
      if (released) {
        return
      }
      released = true
      await client.query("commit")
      await Promise.all([client.end(), watch.end()])
    },
  }
}

/** The address of the database a booted in-process Medusa uses (`db`, its knex connection), for a hold. */
export async function databaseUrlOf(db: {
  raw: (sql: string) => PromiseLike<{ rows: Array<{ name: string }> }>
}): Promise<string> {
  const { rows } = await db.raw("select current_database() as name")
  return `${serverUrl()}/${rows[0].name}`
}
