import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openStore, type Store } from '../../src/server/store/db.ts'

export type StoreKind = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Server suites run once per kind. */
export function storeKinds(): StoreKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

let template: Blob | undefined

const databaseUrls = new WeakMap<Store, string>()
/** The URL of a PostgreSQL test store's own database (another "process" opens a store of its own on it). */
export const databaseUrlOf = (store: Store) => databaseUrls.get(store)

/** A fresh, migrated, empty store of the given kind; `close()` also drops a PostgreSQL test database. */
export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'pglite') {
    template ??= new Blob([readFileSync(inject('pgliteTemplate'))])
    return openStore({ dataDir: 'memory://', loadDataDir: template })
  }
  const adminUrl = process.env.TEST_DATABASE_URL!
  const name = `paylab_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const store = await openStore({ databaseUrl: url.toString(), poolSize: 20 })
  const opened: Store = {
    ...store,
    async close() {
      await store.close()
      const again = new pg.Client({ connectionString: adminUrl })
      await again.connect()
      await again.query(`drop database if exists ${name} with (force)`)
      await again.end()
    },
  }
  databaseUrls.set(opened, url.toString())
  return opened
}
