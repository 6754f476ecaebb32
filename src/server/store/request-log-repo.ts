import { and, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm'
import { requestLogLimits, storableLogEntry, type RequestLogQuery } from '@/domain/sandbox-log.ts'
import { runStatement, type Db, type Statement } from './db.ts'
import { merchantRow } from './merchant-row.ts'
import { orderedIdSuffix } from './sandbox-ids.ts'
import { sandboxRequestLog } from './tables/sandbox-powers.ts'

const logColumns =
  'id, merchant_id, api_key, at_ms, method, path, status, code, code_id, latency_ms, request_headers, request_body, flags, response_body, auth_failure'

export type RequestLogRow = typeof sandboxRequestLog.$inferSelect
export type NewRequestLogRow = Omit<typeof sandboxRequestLog.$inferInsert, 'id'>
export type RequestLogRepo = ReturnType<typeof requestLogRepo>

const t = sandboxRequestLog

/** A batch of entries, one JSON parameter (a named statement: parsed once per connection, issue 22). */
const insertBatch: Statement = {
  name: 'paylab_request_log_insert',
  text: `insert into sandbox_request_log (${logColumns}) select ${logColumns} from json_populate_recordset(null::sandbox_request_log, $1::json)`,
}
/**
 * A merchant's ($1) entries beyond the newest N ($2) of one pool: verified ($3 = true: OPA-Auth accepted them, no
 * auth_failure) or unverified ($3 = false). Each pool is pruned apart, so refused requests never evict verified ones.
 * Rows another writer is already deleting are skipped (`skip locked`): several processes pruning one merchant at
 * once (WORKERS, two servers on one database) each delete what the others do not, instead of locking the same rows
 * in different orders — PostgreSQL's "deadlock detected" (40P01) that dropped a batch of log entries.
 */
const pruneMerchant: Statement = {
  name: 'paylab_request_log_prune_pool',
  text: `delete from sandbox_request_log where id in (
    select id from sandbox_request_log where merchant_id = $1 and (auth_failure is null) = $3 and (at_ms, id) <= (
      select at_ms, id from sandbox_request_log where merchant_id = $1 and (auth_failure is null) = $3
      order by at_ms desc, id desc offset $2 limit 1)
    for update skip locked)`,
}

/** The sandbox request log (issue 14): one merchant's entries, bounded per merchant. */
export function requestLogRepo(db: Db) {
  const repo = {
    /**
     * Inserts entries (one statement: all or none), each made storable first (`storableLogEntry`: NUL and lone
     * surrogates in any text or JSON field become U+FFFD, flagged `sanitized`). Answers their ids.
     */
    async insert(rows: NewRequestLogRow[]) {
      if (rows.length === 0) return []
      const withIds = rows.map((row) => ({ ...storableLogEntry(row), id: `rq_${String(row.atMs).padStart(14, '0')}${orderedIdSuffix('request-log')}` }))
      // one fixed statement whatever the batch's size: the entries as one JSON parameter (issue 22: Drizzle's
      // insert of a batch built and checked every value of every row, 14 % of a signed get-payment's CPU)
      const records = withIds.map((r) => ({
        id: r.id,
        merchant_id: r.merchantId,
        api_key: r.apiKey,
        at_ms: r.atMs,
        method: r.method,
        path: r.path,
        status: r.status,
        code: r.code ?? null,
        code_id: r.codeId ?? null,
        latency_ms: r.latencyMs,
        request_headers: r.requestHeaders,
        request_body: r.requestBody,
        flags: r.flags,
        response_body: r.responseBody,
        auth_failure: r.authFailure ?? null,
      }))
      await runStatement(db, insertBatch, [JSON.stringify(records)])
      return withIds.map((r) => r.id)
    },
    /**
     * Deletes each merchant's entries beyond the newest `perMerchant` verified ones and the newest
     * `unverifiedPerMerchant` unverified ones (one statement per pool, each atomic by itself).
     */
    async prune(merchantIds: Iterable<string>) {
      for (const merchantId of new Set(merchantIds)) {
        await runStatement(db, pruneMerchant, [merchantId, requestLogLimits.perMerchant, true])
        await runStatement(db, pruneMerchant, [merchantId, requestLogLimits.unverifiedPerMerchant, false])
      }
    },
    /**
     * Inserts entries, then deletes each of their merchants' entries beyond the newest N (between the two a
     * merchant may briefly hold more than N).
     */
    async insertMany(rows: NewRequestLogRow[]) {
      const ids = await repo.insert(rows)
      await repo.prune(rows.map((r) => r.merchantId))
      return ids
    },
    async list(merchantId: string, q: RequestLogQuery) {
      const where: SQL[] = [eq(t.merchantId, merchantId)]
      if (q.status !== undefined) where.push(eq(t.status, q.status))
      if (q.code !== undefined) where.push(eq(t.code, q.code))
      if (q.path) where.push(sql`strpos(${t.path}, ${q.path}) > 0`)
      if (q.from !== undefined) where.push(gte(t.atMs, q.from))
      if (q.to !== undefined) where.push(lte(t.atMs, q.to))
      if (q.auth_failed === 'true') where.push(isNotNull(t.authFailure))
      if (q.auth_failed === 'false') where.push(isNull(t.authFailure))
      return db
        .select()
        .from(t)
        .where(and(...where))
        .orderBy(desc(t.atMs), desc(t.id))
        .limit(q.limit ?? requestLogLimits.defaultPage)
    },
    find: (merchantId: string, id: string) => merchantRow(db, t, merchantId, id),
    async count(merchantId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(t)
        .where(eq(t.merchantId, merchantId))
      return row?.n ?? 0
    },
  }
  return repo
}
