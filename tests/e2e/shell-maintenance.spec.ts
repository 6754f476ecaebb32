import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '../support/hydrated-test.ts'
import { freePort, waitUntilOk } from '../../scripts/lib/local-server.ts'
import { seedPgliteDataDir } from '../support/pglite-template.ts'
import { serverProcessArgs } from '../support/server-process.ts'

/**
 * The portal shell in maintenance: a second server of our own on its own store, switched with `npm run maintenance`
 * exactly as an operator does (PGlite allows one process per data directory, so the server is stopped while switching).
 */

function maintenanceCommand(dataDir: string, args: string[]) {
  const result = spawnSync('npx', ['tsx', 'scripts/maintenance.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' })
  expect(result.status, result.stderr).toBe(0)
  return result.stdout
}

async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  // node itself (not npx) so that the child's exit means the server has closed its store
  const child = spawn(process.execPath, serverProcessArgs(), {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  })
  await waitUntilOk(`http://127.0.0.1:${port}/healthz`, { timeoutMs: 150_000, child })
  return child
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

test('maintenance on sends every page to the maintenance page; off sends the maintenance page home; host rule', async ({ browser }) => {
  // two server starts: each opens PGlite and loads the content library (slow on a busy 2-core machine)
  test.setTimeout(360_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'paylab-shell-maint-'))
  try {
    await seedPgliteDataDir(dataDir)
    expect(maintenanceCommand(dataDir, ['on', '本日 2:00〜4:00 はメンテナンス中です', 'Down for maintenance from 2:00 to 4:00 today'])).toContain(
      'maintenance on',
    )
    let port = await freePort()
    let origin = `http://127.0.0.1:${port}`
    let server = await startServer(dataDir, port)
    // a context per server: closing it drops the browser's keep-alive connections before the server stops
    let context = await browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${origin}/settings`)
      await expect(page).toHaveURL(`${origin}/maintenance`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('メンテナンス中です')
      await expect(page.getByText('本日 2:00〜4:00 はメンテナンス中です')).toBeVisible()
      await page.goto(`${origin}/webview/no/such/page`)
      await expect(page).toHaveURL(`${origin}/webview/maintenance`)
      await page.goto(`${origin}/`)
      await expect(page).toHaveURL(`${origin}/maintenance`)
    } finally {
      await context.close()
      await stopServer(server)
    }
    expect(maintenanceCommand(dataDir, ['off'])).toContain('maintenance off')
    // the same server also shows the host rule: its mini-apps host name is `localhost`
    port = await freePort()
    origin = `http://127.0.0.1:${port}`
    server = await startServer(dataDir, port, { MINIAPPS_HOST: 'localhost' })
    context = await browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${origin}/maintenance`)
      await expect(page).toHaveURL(`${origin}/`)
      await page.goto(`http://localhost:${port}/`)
      await expect(page).toHaveURL(`http://localhost:${port}/products/mini-apps`)
      await page.goto(`http://localhost:${port}/webview`)
      await expect(page).toHaveURL(`http://localhost:${port}/webview/products/mini-apps`)
      await page.goto(`${origin}/`)
      await expect(page).toHaveURL(`${origin}/`)
    } finally {
      await context.close()
      await stopServer(server)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})
