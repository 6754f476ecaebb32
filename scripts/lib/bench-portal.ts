// The portal as the web benches measure it: built into WEB_DIST (a temporary directory unless set), then the real
// server (`src/server/main.ts`) on a free loopback port and a fresh store, waited for until its content is indexed.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, waitUntilOk } from './local-server.ts'

export async function startBenchPortal(): Promise<{ origin: string; stop(): void }> {
  process.env.WEB_DIST ??= join(tmpdir(), 'paylab-bench-web')
  const { buildWeb } = await import('../build-web.ts')
  const started = performance.now()
  await buildWeb({ force: true })
  console.log(`built ${process.env.WEB_DIST} in ${Math.round(performance.now() - started)} ms`)

  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'paylab-bench-web-data-'))
  const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () => {
    server.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  const origin = `http://127.0.0.1:${port}`
  try {
    await waitUntilOk(`${origin}/healthz`, { timeoutMs: 180_000, intervalMs: 500, child: server })
    await waitUntilOk(`${origin}/dev/config/pages?type=page&slug=home&lang=jp`, { timeoutMs: 180_000, intervalMs: 500, child: server }) // content parsed and indexed
  } catch (error) {
    stop()
    throw error
  }
  return { origin, stop }
}
