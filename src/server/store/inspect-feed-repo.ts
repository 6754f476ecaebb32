import { sql } from 'drizzle-orm'
import type { Db } from './db.ts'

/**
 * The PostgreSQL channel the sandbox's machine steps and their watchers are announced on (issue 30; the engine's
 * inspect-feed.ts): every process on one database hears every other's.
 */
export const inspectChannel = 'paylab_inspect'

/**
 * Announces `payloads` on the inspect channel, in order. Inside a transaction PostgreSQL delivers them when it
 * commits, and never when it rolls back.
 */
export async function notifyInspect(db: Db, payloads: readonly string[]) {
  if (!payloads.length) return
  // one statement; PostgreSQL evaluates a select list from left to right, so they queue in this order
  await db.execute(
    sql`select ${sql.join(
      payloads.map((payload) => sql`pg_notify(${inspectChannel}, ${payload})`),
      sql`, `,
    )}`,
  )
}
