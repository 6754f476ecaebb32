import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPglite, migrationsFingerprint, writePgliteTemplate } from '../../src/server/store/db.ts'

/**
 * A fresh PGlite costs seconds (initdb runs in WASM, then every migration), so one migrated store is dumped once per
 * migration history (`.test-data/pglite-template-<hash>.tar.gz`) and every test store starts from a copy of it: the
 * Vitest stores (global-setup.ts) and the browser tests' servers (seedPgliteDataDir). `npm start` does the same with
 * the build's template (dist/pglite, store/db.ts `pgliteTemplateFile`).
 */
export async function pgliteTemplateFile(): Promise<string> {
  const file = join(process.cwd(), '.test-data', `pglite-template-${migrationsFingerprint()}.tar.gz`)
  if (!existsSync(file)) await writePgliteTemplate(file)
  return file
}

/**
 * Makes `dataDir` (an empty directory) a migrated PGlite store copied from the template, so that a server opening it
 * (DATA_DIR) skips initdb and the migrations: about 3 s instead of 10 on a busy 2-core machine.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const client = await createPglite(dataDir, { loadDataDir: new Blob([readFileSync(await pgliteTemplateFile())]) })
  await client.close()
}
