import { limits } from '@/domain/limits.ts'
import type { Statement, Store } from './db.ts'
import type { Admission } from './opa-admission-answer.ts'

/**
 * OPA-Auth's admission decided in memory, on PGlite only (issue 22). PGlite is one process with one connection (WORKERS
 * is refused on it), so this process sees every write of the store and can be the authority on:
 *
 * - **the nonces**: a (key, nonce) accepted is remembered here at once — a copy is refused whether it comes later or in
 *   the same turn of the event loop — and written to `sandbox_nonces` behind, in batches off the request's path
 *   (`flushDelayMs`), so the table stays the record: at the first admission the unexpired nonces are read back from it,
 *   and closing the store writes what is still waiting. A (key, nonce) is forgotten by the same rule as the table's rows
 *   (`auth.ts`: seen more than two epoch windows ago, pruned at most once a window), and a request whose epoch is that
 *   old is refused by its signature's window anyway.
 * - **the key's state** (secret, merchant, products, stored clock, pending forced error): read once per key and kept
 *   until the store commits a change to any of the tables it comes from — statement triggers notify this process
 *   before the committing statement's caller resumes (PGlite queues the notification as a microtask while it reads the
 *   statement's result), whichever code or test wrote it, so a revocation, a product change, a moved clock or a forced
 *   error is seen by the next request, as when every request read them.
 *
 * What a crash (not a graceful stop) loses: the nonces accepted in the last `flushDelayMs` and the write under way
 * (docs/sandbox-wallet.md; writing them before answering cost 20–110 % more CPU per signed get-payment). PostgreSQL
 * (several processes) keeps the shared-table admission of `opa-admission.ts`.
 */
export interface MemoryAdmission {
  admit(input: { apiKey: string; nonce: string; nowMs: number; touchAt?: Date }): Promise<Admission | undefined>
  /** Writes the nonces accepted and not yet written (the store's close runs it). */
  flush(): Promise<void>
  /** Nonces accepted and not yet written (tests). */
  pending(): number
  /** How long an accepted nonce may wait before it is written (tests: a long delay keeps them waiting). */
  flushDelayMs: number
}

const channel = 'paylab_admission'
const windowMs = limits.sandbox.authEpochWindowMs
/** How long an accepted nonce waits at most before it is written (the crash window). */
export const nonceFlushDelayMs = 50
/** Nonces written per statement. */
const flushBatch = 5000

/**
 * The tables a key's state is read from: a committed change to one of them (a statement trigger each) empties the
 * cache (few keys: one statement reads a key's state back). `last_used_at` alone is not a change.
 */
const watched: [table: string, changes: string][] = [
  ['merchant_credentials', 'insert or delete or update of api_key, merchant_id, api_secret, revoked_at'],
  ['merchants', 'delete or update of id, products'],
  ['sandbox_clocks', 'insert or update or delete'],
  ['sandbox_force_next', 'insert or update or delete'],
]
const watch = [
  `create or replace function paylab_admission_changed() returns trigger language plpgsql as $$
    begin perform pg_notify('${channel}', tg_table_name); return null; end $$`,
  ...watched.flatMap(([table, changes]) => [
    `create or replace trigger paylab_admission_changed after ${changes} on ${table} for each statement execute function paylab_admission_changed()`,
    `create or replace trigger paylab_admission_truncated after truncate on ${table} for each statement execute function paylab_admission_changed()`,
  ]),
].map((text): Statement => ({ name: '', text }))

type KeyState = Omit<Admission, 'fresh'>
interface KeyRow {
  merchant_id: string
  api_secret: string
  products: string[]
  clock_offset_ms: number | null
  clock_updated_at_ms: number | null
  force_next: boolean
}

const keyState: Statement = {
  name: 'paylab_opa_key_state',
  text: `select c.merchant_id, c.api_secret, m.products, k.offset_ms::float8 as clock_offset_ms, k.updated_at_ms::float8 as clock_updated_at_ms,
      f.merchant_id is not null as force_next
    from merchant_credentials c join merchants m on m.id = c.merchant_id left join sandbox_clocks k on k.merchant_id = c.merchant_id
      left join sandbox_force_next f on f.merchant_id = c.merchant_id
    where c.api_key = $1 and c.revoked_at is null`,
}
/** `last_used_at`, at most once a minute ($2 now, $3 a minute ago): a row not due is not written. */
const touch: Statement = {
  name: 'paylab_opa_touch',
  text: `update merchant_credentials set last_used_at = $2 where api_key = $1 and revoked_at is null and (last_used_at is null or last_used_at < $3)`,
}
const writeNonces: Statement = {
  name: 'paylab_opa_write_nonces',
  text: `insert into sandbox_nonces (api_key, nonce, seen_at_ms) select * from unnest($1::text[], $2::text[], $3::bigint[]) on conflict do nothing`,
}
const readNonces: Statement = {
  name: 'paylab_opa_read_nonces',
  text: `select api_key, nonce, seen_at_ms::float8 as seen_at_ms from sandbox_nonces where seen_at_ms >= $1`,
}

const stateOf = (row: KeyRow): KeyState => ({
  merchantId: row.merchant_id,
  apiSecret: row.api_secret,
  products: row.products,
  clock: row.clock_offset_ms === null ? null : { offsetMs: Number(row.clock_offset_ms), updatedAtMs: Number(row.clock_updated_at_ms) },
  forceNext: row.force_next === true,
})

function memoryAdmission(store: Pick<Store, 'query'> & { embedded: NonNullable<Store['embedded']> }): MemoryAdmission {
  /** Seen nonces of each key: nonce → when (ms). */
  const nonces = new Map<string, Map<string, number>>()
  let lastPruneMs = 0
  /** Accepted, not yet written. */
  let waiting: { apiKey: string; nonce: string; seenAtMs: number }[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let writing: Promise<void> = Promise.resolve()
  /** Key states read since the last change (`generation` counts the changes: a read that raced one is used once, not kept). */
  const states = new Map<string, KeyState>()
  const reading = new Map<string, Promise<KeyState | undefined>>()
  let generation = 0
  let started: Promise<void> | undefined
  let ready = false

  const start = (nowMs: number) =>
    (started ??= (async () => {
      await store.embedded.listen(channel, () => {
        generation += 1
        states.clear()
        reading.clear()
      })
      for (const statement of watch) await store.query(statement, [])
      const rows = await store.query<{ api_key: string; nonce: string; seen_at_ms: number }>(readNonces, [nowMs - 2 * windowMs])
      for (const row of rows) remember(row.api_key, row.nonce, Number(row.seen_at_ms))
      store.embedded.beforeClose(() => flush())
      ready = true
    })().catch((error: unknown) => {
      started = undefined
      throw error
    }))

  const remember = (apiKey: string, nonce: string, atMs: number) => {
    let ofKey = nonces.get(apiKey)
    if (!ofKey) nonces.set(apiKey, (ofKey = new Map()))
    ofKey.set(nonce, atMs)
  }

  /** The table's rule (`forgetNoncesBefore`, at most once a window): seen more than two windows ago is forgotten. */
  const prune = (nowMs: number) => {
    if (nowMs - lastPruneMs <= windowMs) return
    lastPruneMs = nowMs
    const before = nowMs - 2 * windowMs
    for (const [apiKey, ofKey] of nonces) {
      for (const [nonce, atMs] of ofKey) if (atMs < before) ofKey.delete(nonce)
      if (ofKey.size === 0) nonces.delete(apiKey)
    }
  }

  const stateFor = (apiKey: string): KeyState | Promise<KeyState | undefined> => {
    const known = states.get(apiKey)
    if (known) return known
    let read = reading.get(apiKey)
    if (!read) {
      const at = generation
      read = store.query<KeyRow>(keyState, [apiKey]).then((rows) => {
        if (generation === at) reading.delete(apiKey)
        const state = rows[0] ? stateOf(rows[0]) : undefined
        if (state && generation === at) states.set(apiKey, state)
        return state
      })
      reading.set(apiKey, read)
    }
    return read
  }

  const flush = async (): Promise<void> => {
    if (timer) clearTimeout(timer)
    timer = undefined
    const run = writing.then(async () => {
      while (waiting.length) {
        const batch = waiting.splice(0, flushBatch)
        try {
          await store.query(writeNonces, [batch.map((b) => b.apiKey), batch.map((b) => b.nonce), batch.map((b) => b.seenAtMs)])
        } catch (error) {
          waiting = batch.concat(waiting)
          throw error
        }
      }
    })
    writing = run.catch(() => {})
    return run
  }

  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = undefined
      // a failed write keeps its nonces waiting (memory still refuses them); the next accepted nonce retries
      flush().catch(() => {})
    }, admission.flushDelayMs)
  }

  const admission: MemoryAdmission = {
    flushDelayMs: nonceFlushDelayMs,
    async admit({ apiKey, nonce, nowMs, touchAt }) {
      if (!ready) await start(nowMs)
      const found = stateFor(apiKey)
      const state = found instanceof Promise ? await found : found
      if (!state) return undefined
      // decided at once, after every await: of two copies of one request, the first here is the one admitted
      const fresh = !nonces.get(apiKey)?.has(nonce)
      if (fresh) {
        remember(apiKey, nonce, nowMs)
        waiting.push({ apiKey, nonce, seenAtMs: nowMs })
        schedule()
        prune(nowMs)
        if (touchAt) await store.query(touch, [apiKey, touchAt, new Date(touchAt.getTime() - 60_000)])
      }
      return { ...state, fresh }
    },
    flush,
    pending: () => waiting.length,
  }
  return admission
}

const admissions = new WeakMap<object, MemoryAdmission>()

/** The store's in-memory admission (PGlite); undefined on PostgreSQL, where several processes share the table. */
export function memoryAdmissionOf(store: Pick<Store, 'query'> & Partial<Pick<Store, 'kind' | 'embedded'>>): MemoryAdmission | undefined {
  if (store.kind !== 'pglite' || !store.embedded) return undefined
  let admission = admissions.get(store)
  if (!admission) admissions.set(store, (admission = memoryAdmission({ query: store.query, embedded: store.embedded })))
  return admission
}
