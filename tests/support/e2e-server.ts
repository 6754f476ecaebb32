// The server the browser tests run against: the real app on a fresh PGlite store in a temporary directory,
// serving the already built portal (npm test builds it before Playwright starts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../../src/server/main.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'paylab-e2e-'))
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))
await startServer({ ...process.env, DATA_DIR: dataDir })
