import { defineConfig } from '@playwright/test'
import { browserTestChromium } from './scripts/lib/find-chromium.ts'

const port = Number(process.env.E2E_PORT ?? 4319)
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Browser tests against the built server (one process, fresh PGlite store) in Debian Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/artifacts/results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // a test's own limit; its steps wait on expect's 10 s. Several tests start processes of their own (the forwarder,
  // a second server), which on a busy 2-core machine took longer than 30 s in CI (stop 34)
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: browserTestChromium(), args: chromiumArgs },
    trace: 'retain-on-failure',
    // Tests inject tooling (axe) as inline scripts, which the pages' nonce CSP refuses; tests/e2e/security.spec.ts
    // turns this off again and checks the pages under their real CSP.
    bypassCSP: true,
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npx tsx tests/support/e2e-server.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // the browser tests' server stands for a shared one for webhooks: tests/e2e/sandbox-webhooks.spec.ts runs the forwarder
    env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEBHOOK_LOCAL_DELIVERY: 'forwarder' },
  },
})
