import { requestLogLimits } from '@/domain/sandbox-log.ts'
import type { Logger } from '../../../logger.ts'
import type { NewRequestLogRow, RequestLogRepo } from '../../../store/request-log-repo.ts'

/**
 * Why a write failed, as a log line can say it (issue 22): the database's own message and SQLSTATE code (found
 * down the `cause` chain: drizzle wraps the driver's error in one whose message repeats the whole query and its
 * parameters — other merchants' bodies — which must not reach the log).
 */
export function writeFailureCause(error: unknown): { message: string; code?: string } {
  let deepest: unknown = error
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    deepest = e
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && e instanceof Error) return { message: e.message.slice(0, 500), code }
  }
  return { message: (deepest instanceof Error ? deepest.message : String(deepest)).slice(0, 500) }
}

type Limits = Pick<typeof requestLogLimits, 'flushDelayMs' | 'bufferedEntries' | 'maxQueuedEntries'>

/**
 * The request log's write queue (docs/sandbox-powers.md, "Request log bounds"). Entries wait at most
 * `flushDelayMs`, or until `bufferedEntries` wait; one writer at a time takes them in batches of `bufferedEntries`.
 * - A batch is one insert; if it fails, its entries are inserted one by one, so a bad entry is dropped alone and
 *   logged with its merchant, path and cause (message and SQLSTATE) — never another merchant's entry with it.
 * - At most `maxQueuedEntries` wait: beyond, the oldest are dropped and counted; the count is logged once, with
 *   the next batch written.
 */
export function requestLogWriter(repo: Pick<RequestLogRepo, 'insert' | 'prune'>, log: Logger, limits: Limits = requestLogLimits) {
  const queue: NewRequestLogRow[] = []
  let dropped = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined

  const writeBatch = async (batch: NewRequestLogRow[]) => {
    let written = batch
    try {
      await repo.insert(batch)
    } catch (error) {
      if (batch.length > 1)
        log.warn('request log batch write failed; writing its entries one by one', { entries: batch.length, cause: writeFailureCause(error) })
      written = []
      for (const row of batch) {
        try {
          if (batch.length > 1) await repo.insert([row])
          else throw error
          written.push(row)
        } catch (rowError) {
          log.error('request log entry dropped', {
            merchantId: row.merchantId,
            method: row.method,
            path: row.path.slice(0, 200),
            cause: writeFailureCause(rowError),
          })
        }
      }
    }
    try {
      await repo.prune(written.map((r) => r.merchantId))
    } catch (error) {
      log.error('request log prune failed', { cause: writeFailureCause(error) })
    }
  }

  const drain = async () => {
    try {
      while (queue.length) {
        if (dropped) {
          log.warn('request log entries dropped: too many waiting for their write', { dropped, maxQueuedEntries: limits.maxQueuedEntries })
          dropped = 0
        }
        await writeBatch(queue.splice(0, limits.bufferedEntries))
      }
    } finally {
      running = undefined
    }
  }

  /** Writes every entry queued so far (resolves when they are written or dropped). */
  const flush = async () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    while (running) await running
    if (queue.length) {
      running = drain().catch((error: unknown) => log.error('request log write failed', { cause: writeFailureCause(error) }))
      await running
    }
  }

  const enqueue = (row: NewRequestLogRow) => {
    queue.push(row)
    if (queue.length > limits.maxQueuedEntries) {
      const excess = queue.length - limits.maxQueuedEntries
      queue.splice(0, excess)
      dropped += excess
    }
    // a write under way goes on with what waits; otherwise a full batch is written now
    if (queue.length >= limits.bufferedEntries) {
      if (!running) void flush()
    } else if (!timer) {
      timer = setTimeout(() => void flush(), limits.flushDelayMs)
      timer.unref?.()
    }
  }

  return { enqueue, flush, /** entries waiting (tests) */ pending: () => queue.length }
}
