import { sql } from 'drizzle-orm'
import { createAnalyticsSink } from '../../src/server/analytics.ts'
import { createApp } from '../../src/server/app.ts'
import { createClock } from '../../src/server/clock.ts'
import { appDeps } from '../../src/server/deps.ts'
import { createLogger } from '../../src/server/logger.ts'
import { openStore, type Store } from '../../src/server/store/db.ts'
import type { TestApp } from './app.ts'
import { opaClient, type OpaClient } from './opa-client.ts'

/**
 * A second app on the same PostgreSQL database as `t` (its own pool, engine and clock), as a second server process
 * would be, signing as the given merchant. Close its store after the test (`store.close()`).
 */
export async function secondAppOnSameDatabase(
  t: TestApp,
  merchant: { apiKey: string; apiSecret: string; merchantId: string },
): Promise<{ store: Store; opa: OpaClient }> {
  const { rows } = (await t.deps.store.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${rows[0]!.name}`
  const store = await openStore({ databaseUrl: url.toString(), poolSize: 10, migrate: false })
  const log = createLogger('silent')
  const app = createApp(appDeps({ config: t.deps.config, store, clock: createClock(), log, analytics: createAnalyticsSink(log) }))
  return { store, opa: opaClient({ request: (path, init) => app.request(path, init), ...merchant }) }
}
