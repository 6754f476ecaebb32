import { createAnalyticsSink } from '../../src/server/analytics.ts'
import { createApp } from '../../src/server/app.ts'
import { createClock } from '../../src/server/clock.ts'
import { loadConfig, type Config } from '../../src/server/config.ts'
import { appDeps, type AppDeps } from '../../src/server/deps.ts'
import { createLogger } from '../../src/server/logger.ts'
import { opaClient } from './opa-client.ts'
import { openTestStore, type StoreKind } from './store.ts'

export interface TestApp {
  app: ReturnType<typeof createApp>
  deps: AppDeps
  /** `app.request` with a JSON body and JSON answer. */
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>
  close(): Promise<void>
}

/** The real app on a fresh store; no network. Logs are kept in `lines` for assertions. */
export async function createTestApp(kind: StoreKind, overrides: Partial<Config> = {}): Promise<TestApp & { lines: string[] }> {
  const lines: string[] = []
  // `app.request('/x')` addresses http://localhost/x: the test app listens there (its own origin for the cross-site
  // guards, its links' origin: http/known-hosts.ts, config.ts `mailOrigin`)
  const config = { ...loadConfig({ DATA_DIR: '.test-data/unused', WEB_DIST: 'dist/web', HOST: 'localhost', PORT: '80' }), ...overrides }
  const log = createLogger('info', {}, (line) => lines.push(line))
  const store = await openTestStore(kind)
  const deps: AppDeps = appDeps({ config, store, clock: createClock(), log, analytics: createAnalyticsSink(log) })
  const app = createApp(deps)
  // as the server does at start: the demo merchant seeded, stored clock offsets loaded
  await deps.sandbox.ready()
  return {
    app,
    deps,
    lines,
    async json(method, path, body, headers = {}) {
      const res = await app.request(path, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // not JSON: tests see the raw text
      }
      return { status: res.status, body: parsed, headers: res.headers }
    },
    // the inspector feed's listening connection (PostgreSQL) first, as the server's graceful stop does
    close: async () => {
      await deps.sandbox.feed.stop()
      await store.close()
    },
  }
}

/** The app on a fresh store (the demo merchant seeded) with its signed client, after one signed call (its clock and test users loaded). */
export async function demoShopApp(kind: StoreKind, overrides: Partial<Config> = {}) {
  const t = await createTestApp(kind, overrides)
  const opa = opaClient({ request: (path, init) => t.app.request(path, init) })
  await opa.get('/sandbox/api/clock')
  return { t, opa }
}
