import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { Db } from './db.ts'
import { sandboxForceNext } from './tables/sandbox-powers.ts'

export type ForceNextRow = typeof sandboxForceNext.$inferSelect

/** The stored "force the next error" directive of each merchant (issue 23). */
export function forceNextRepo(db: Db) {
  return {
    /** Replaces the merchant's directive. */
    async set(row: ForceNextRow) {
      await db
        .insert(sandboxForceNext)
        .values(row)
        .onConflictDoUpdate({ target: sandboxForceNext.merchantId, set: { code: row.code, path: row.path, requestedAtMs: row.requestedAtMs } })
    },
    /** Withdraws it; answers the directive withdrawn, if any. */
    async clear(merchantId: string): Promise<ForceNextRow | undefined> {
      return (await db.delete(sandboxForceNext).where(eq(sandboxForceNext.merchantId, merchantId)).returning())[0]
    },
    async find(merchantId: string): Promise<ForceNextRow | undefined> {
      return (await db.select().from(sandboxForceNext).where(eq(sandboxForceNext.merchantId, merchantId)))[0]
    },
    /**
     * Takes the directive for a call — one conditional DELETE … RETURNING, so of two concurrent calls only one takes
     * it — when the call can answer its code (`codes`) and is on its path (`paths`: the route pattern and the path
     * requested) or it has none. Answers the code taken.
     */
    async take(merchantId: string, codes: string[], paths: string[]): Promise<string | undefined> {
      if (codes.length === 0) return undefined
      const [row] = await db
        .delete(sandboxForceNext)
        .where(
          and(
            eq(sandboxForceNext.merchantId, merchantId),
            inArray(sandboxForceNext.code, codes),
            or(isNull(sandboxForceNext.path), inArray(sandboxForceNext.path, paths)),
          ),
        )
        .returning({ code: sandboxForceNext.code })
      return row?.code
    },
  }
}
