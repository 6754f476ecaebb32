import { and, eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './db.ts'

/**
 * A merchant's row by id in a table of merchant rows (request log entries, webhook deliveries): another merchant's
 * id reads as absent, never as someone else's row.
 */
export async function merchantRow<T extends PgTable & { id: PgColumn; merchantId: PgColumn }>(db: Db, table: T, merchantId: string, id: string) {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.merchantId, merchantId), eq(table.id, id)))
  return row as T['$inferSelect'] | undefined
}
