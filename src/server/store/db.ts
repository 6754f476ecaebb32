import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import * as accounts from './tables/accounts.ts'
import * as dashboard from './tables/dashboard.ts'
import * as merchants from './tables/merchants.ts'
import * as sandbox from './tables/sandbox.ts'
import * as sandboxPowers from './tables/sandbox-powers.ts'
import * as sandboxState from './tables/sandbox-state.ts'
import * as site from './tables/site.ts'
import * as webhooks from './tables/webhooks.ts'

/** Every aggregate's tables (one file each in tables/); Drizzle needs them as one object. */
export const schema = { ...site, ...merchants, ...accounts, ...sandbox, ...sandboxPowers, ...sandboxState, ...dashboard, ...webhooks }

/** One type for both drivers (a union of the two Drizzle types is not callable). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** A hot-path SQL statement, written once: on PostgreSQL it is prepared once per connection under `name`. */
export interface Statement {
  name: string
  text: string
}

export interface Store {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * Runs one statement with positional parameters and answers its rows as the driver parses them (issue 22: the
   * signed-call hot path, where Drizzle's query building per request and one round trip per read cost the most).
   */
  query<R>(statement: Statement, values: unknown[]): Promise<R[]>
  /**
   * PostgreSQL only: calls `onMessage` with the payload of every `pg_notify(channel, …)` of any process on this
   * database, on a connection of its own (reconnected when it drops). Answers the stop function.
   */
  listen?(channel: string, onMessage: (payload: string) => void, onError?: (error: Error) => void): Promise<() => Promise<void>>
  /**
   * PGlite only (one process, one connection): what lets a process keep state of the store in memory
   * (`opa-admission-memory.ts`, issue 22).
   */
  embedded?: {
    /**
     * Calls `onMessage` with the payload of every `pg_notify(channel, …)` this store commits, before the committing
     * statement's caller resumes (PGlite queues it as a microtask while it reads the statement's result). Answers the
     * stop function.
     */
    listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>
    /** Runs `task` (state written behind: it is awaited) when the store closes, before it closes. */
    beforeClose(task: () => Promise<void>): void
  }
  health(): Promise<{ ok: boolean; latencyMs: number; error?: string }>
  close(): Promise<void>
}

/** Each store's `query`, by its Drizzle handle (a transaction's handle has none): for the hot path's named statements. */
const queries = new WeakMap<object, Store['query']>()
/** The store's `query` when `db` is a store's own handle; undefined for a transaction's. */
export const storeQueryOf = (db: Db): Store['query'] | undefined => queries.get(db)
/**
 * Runs a hot-path statement on a Drizzle handle: with the store's `query` when the handle is a store's own, else (a
 * transaction's handle) through Drizzle with the same text and parameters.
 */
export async function runStatement<R>(db: Db, statement: Statement, values: unknown[]): Promise<R[]> {
  const query = storeQueryOf(db)
  if (query) return query<R>(statement, values)
  const chunks = statement.text.split(/\$(\d+)\b/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1])))
  return ((await db.execute(sql.join(chunks))) as { rows: R[] }).rows
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** The migration history's fingerprint (every SQL file and the journal): a template serves stores of one history. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256')
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(join(migrationsFolder, name)))
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * Where the build keeps a migrated, empty PGlite store for this migration history (scripts/build-server.ts), which a
 * new DATA_DIR starts from: initdb (in WASM) and the migrations cost seconds on every first start.
 */
export const pgliteTemplateFile = () => fileURLToPath(new URL(`../../../dist/pglite/template-${migrationsFingerprint()}.tar.gz`, import.meta.url))

// Each store's driver loads when a store of its kind opens: a PGlite process never loads pg, a PostgreSQL one never
// loads PGlite's WASM glue (docs/restart.md: ~100 ms each at start).
const pgliteLib = () => import('@electric-sql/pglite')
const pgliteDrizzle = async () => ({ ...(await import('drizzle-orm/pglite')), ...(await import('drizzle-orm/pglite/migrator')) })
const pgLib = async () => (await import('pg')).default
const pgDrizzle = async () => ({ ...(await import('drizzle-orm/node-postgres')), ...(await import('drizzle-orm/node-postgres/migrator')) })

/**
 * Opens (or creates) a PGlite store with its defaults plus 32 MB of shared buffers instead of PostgreSQL's 128 MB.
 * PGlite zeroes its whole shared memory in WASM at every open; 128 MB of it was about 0.55 s of a 1.4 s open on the
 * 2-core machine (docs/restart.md). A sandbox's working set is a few MB: 4,096 pages of 8 KB keep it cached.
 */
export async function createPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  const { PGlite: Pglite } = await pgliteLib()
  return Pglite.create(dataDir, { startParams: [...Pglite.defaultStartParams, '-c', 'shared_buffers=32MB'], ...options })
}

/** Writes `file`: a new PGlite store with every migration applied, dumped (written whole, then renamed into place). */
export async function writePgliteTemplate(file: string): Promise<void> {
  const client = await createPglite('memory://')
  const { drizzle, migrate } = await pgliteDrizzle()
  await migrate(drizzle(client), { migrationsFolder })
  const dump = await client.dumpDataDir('gzip')
  await client.close()
  mkdirSync(dirname(file), { recursive: true })
  // several builds or test runs may write it at once
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
  renameSync(partial, file)
}

/** The last migration's time in the journal: a store whose newest applied migration is as recent needs none. */
function lastMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

/**
 * True when the store already has every migration (Drizzle's own rule: the newest applied one is at least as recent as
 * the journal's last), read in one statement instead of the migrator's five and its reading and hashing every file.
 */
async function schemaIsCurrent(db: Db): Promise<boolean> {
  try {
    const result = (await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)) as unknown as { rows: { last: unknown }[] }
    const last = result.rows[0]?.last
    return last !== null && last !== undefined && Number(last) >= lastMigrationMillis()
  } catch {
    return false // no migrations table yet
  }
}

export interface StoreOptions {
  /** `postgres://…` — a PostgreSQL server. */
  databaseUrl?: string
  /** Directory of the embedded PGlite store, or `memory://`. */
  dataDir?: string
  /** A PGlite data-dir dump to start from (tests use one migrated template). */
  loadDataDir?: Blob | File
  /** Apply migrations on open (default true); skipped when the store already has them all. */
  migrate?: boolean
  /**
   * PGlite: a dump (a `.tar.gz` path, or how to find it) a new data directory starts from instead of initdb and the
   * migrations; unused when the directory already holds a store or the file does not exist.
   */
  template?: string | (() => string)
  poolSize?: number
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const doMigrate = options.migrate ?? true
  if (options.databaseUrl) {
    const [pg, { drizzle: drizzlePg, migrate: migratePg }] = await Promise.all([pgLib(), pgDrizzle()])
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 })
    // An idle client's error (server restart, terminated session) must not crash the process: the pool drops
    // that client and the next query opens a new one.
    pool.on('error', () => {})
    const db: Db = drizzlePg(pool, { schema })
    if (doMigrate && !(await schemaIsCurrent(db))) await migratePg(drizzlePg(pool, { schema }), { migrationsFolder })
    const query = async <R>(statement: Statement, values: unknown[]) => (await pool.query({ name: statement.name, text: statement.text, values })).rows as R[]
    queries.set(db, query)
    return {
      db,
      kind: 'postgres',
      query,
      listen: (channel, onMessage, onError) => listen(options.databaseUrl!, channel, onMessage, onError),
      health: () => ping(db),
      close: () => pool.end(),
    }
  }
  const dataDir = options.dataDir ?? 'memory://'
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const loadDataDir = options.loadDataDir ?? templateFor(dataDir, options.template)
  const [client, { drizzle: drizzlePglite, migrate: migratePglite }, lib] = await Promise.all([
    createPglite(dataDir, loadDataDir ? { loadDataDir } : {}),
    pgliteDrizzle(),
    pgliteLib(),
  ])
  const pgliteDb = drizzlePglite(client, { schema })
  const db: Db = pgliteDb
  if (doMigrate && !(await schemaIsCurrent(db))) await migratePglite(pgliteDb, { migrationsFolder })
  const beforeClose: (() => Promise<void>)[] = []
  const query = pgliteQuery(client, lib)
  queries.set(db, query)
  return {
    db,
    kind: 'pglite',
    query,
    embedded: {
      listen: (channel, onMessage) => client.listen(channel, onMessage),
      beforeClose: (task) => void beforeClose.push(task),
    },
    health: () => ping(db),
    close: async () => {
      for (const task of beforeClose.splice(0)) await task()
      await client.close()
    },
  }
}

/** The template's contents when `dataDir` is a new directory and the template exists. */
function templateFor(dataDir: string, template: StoreOptions['template']): Blob | undefined {
  if (!template || dataDir.startsWith('memory://') || existsSync(join(dataDir, 'PG_VERSION'))) return undefined
  const file = typeof template === 'string' ? template : template()
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined
}

/**
 * PGlite's `query` parses and plans its text at every call, in six calls into the engine (parse, describe, bind,
 * describe, execute, sync). A named statement here is parsed once (its parameters' types described then) and each
 * call is one call into the engine: bind, describe, execute, sync (issue 22: 35–50 % less CPU per hot-path statement).
 * A statement without a name goes through `query`.
 */
function pgliteQuery(client: PGlite, { protocol, parse: pgliteParse }: Awaited<ReturnType<typeof pgliteLib>>) {
  const { serialize } = protocol
  const described = new Map<string, number[]>()
  const run = async <R>(statement: Statement, values: unknown[]) => {
    let types = described.get(statement.name)
    if (!types) {
      const messages = await client.execProtocolStream(
        concat([serialize.parse({ name: statement.name, text: statement.text }), serialize.describe({ type: 'S', name: statement.name }), serialize.sync()]),
        { syncToFs: false },
      )
      described.set(statement.name, (types = pgliteParse.parseDescribeStatementResults(messages)))
    }
    const params = values.map((value, i) => (value === null || value === undefined ? null : (client.serializers[types[i]!] ?? String)(value)))
    const messages = await client.execProtocolStream(
      concat([serialize.bind({ statement: statement.name, values: params }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    )
    if (!client.isInTransaction()) await client.syncToFs()
    return (pgliteParse.parseResults(messages, client.parsers)[0]?.rows ?? []) as R[]
  }
  return async <R>(statement: Statement, values: unknown[]): Promise<R[]> => {
    if (!statement.name) return (await client.query<R>(statement.text, values)).rows
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<R>(statement, values)))
  }
}

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

async function listen(url: string, channel: string, onMessage: (payload: string) => void, onError: (error: Error) => void = () => {}) {
  let stopped = false
  let client: pg.Client | undefined
  const pg = await pgLib()
  const connect = async () => {
    const c = new pg.Client({ connectionString: url })
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '')
    })
    c.on('error', (error) => {
      onError(error)
      c.end().catch(() => {})
      if (!stopped) setTimeout(() => void connect().catch(onError), 1000).unref()
    })
    await c.connect()
    await c.query(`listen "${channel.replaceAll('"', '')}"`)
    client = c
  }
  await connect()
  return async () => {
    stopped = true
    await client?.end().catch(() => {})
  }
}

async function ping(db: Db) {
  const started = performance.now()
  try {
    await db.execute(sql`select 1`)
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 }
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).message }
  }
}

/** PostgreSQL error code of a failed query (Drizzle wraps the driver's error in `.cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505'
/** A foreign key refused a row (the row it names is gone: a reset ran before it, issue 33). */
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503'

/**
 * What the log needs of a failed query (issue 33): drizzle's error names the query and its parameters only, so the
 * driver's error under it (`.cause`) gives the SQLSTATE, the constraint, the table and PostgreSQL's own message and
 * detail. Empty for an error that no database raised.
 */
export function dbErrorFields(error: unknown): Record<string, string> {
  const sqlState = pgErrorCode(error)
  if (!sqlState) return {}
  let e: unknown = error
  while (e && typeof e === 'object' && (e as { code?: unknown }).code !== sqlState) e = (e as { cause?: unknown }).cause
  const fields: Record<string, string> = { sqlState }
  const found = (e ?? {}) as Record<string, unknown>
  for (const key of ['message', 'constraint', 'table', 'detail'] as const)
    if (typeof found[key] === 'string') fields[key === 'message' ? 'cause' : key] = found[key]
  return fields
}
