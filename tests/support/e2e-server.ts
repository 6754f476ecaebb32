// The server the browser tests run against: the real app on a fresh PGlite store in a temporary directory (a copy of
// the migrated template store, tests/support/pglite-template.ts),
// serving the already built portal (npm test builds it before Playwright starts). It also listens with TLS on a
// free port (the provider's SDKs only speak HTTPS) and tells specs where: `e2eHttpsInfo()` (e2e-https.ts).
// The server is the built one (dist/server, as `npm start` runs it) when that build is current, else the sources.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { staleReason } from '../../scripts/lib/build-stamp.js'
import { compileCatalogs } from '../../scripts/compile-catalogs.ts'
import { e2eHttpsInfoPath } from './e2e-https.ts'
import { seedPgliteDataDir } from './pglite-template.ts'

// the server imports the compiled message catalogs: compiled (when stale) before it is loaded
compileCatalogs()
type Main = typeof import('../../src/server/main.ts')
const { startServer } = (
  staleReason('dist/server/inputs.json', ['dist/server/main.js'])
    ? await import('../../src/server/main.ts')
    : await import(pathToFileURL(resolve('dist/server/main.js')).href)
) as Main

const dataDir = mkdtempSync(join(tmpdir(), 'paylab-e2e-'))
const infoPath = e2eHttpsInfoPath(process.env.PORT)
process.on('exit', () => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(infoPath, { force: true })
})
// a copy of the migrated template store: the suite waits for this server before any test starts
await seedPgliteDataDir(dataDir)
const running = await startServer({ SANDBOX_HTTPS_PORT: '0', ...process.env, DATA_DIR: dataDir })
if (running.https) writeFileSync(infoPath, JSON.stringify({ port: running.https.port, certificate: running.https.certificate.cert }))
