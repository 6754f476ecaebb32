import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { migrationsFolder } from '../../src/server/store/db.ts'

/**
 * A fresh PGlite costs seconds (initdb runs in WASM, then every migration), so one migrated store is dumped once per
 * migration history (`.test-data/pglite-template-<hash>.tar.gz`) and every test store starts from a copy of it: the
 * Vitest stores (global-setup.ts) and the browser tests' servers (seedPgliteDataDir).
 */
export async function pgliteTemplateFile(): Promise<string> {
  const hash = createHash('sha256')
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const path = join(migrationsFolder, name)
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(path))
  }
  const dir = join(process.cwd(), '.test-data')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`)
  if (!existsSync(file)) {
    const client = await PGlite.create('memory://')
    await migrate(drizzle(client), { migrationsFolder })
    const dump = await client.dumpDataDir('gzip')
    // write then rename: several test runs may build the template at once
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
    await client.close()
  }
  return file
}

/**
 * Makes `dataDir` (an empty directory) a migrated PGlite store copied from the template, so that a server opening it
 * (DATA_DIR) skips initdb and the migrations: about 3 s instead of 10 on a busy 2-core machine.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const client = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(await pgliteTemplateFile())]) })
  await client.close()
}
