import type { AnalyticsSink } from './analytics.ts'
import type { Clock } from './clock.ts'
import type { Config } from './config.ts'
import type { Logger } from './logger.ts'
import type { Store } from './store/db.ts'

/** What every route module receives. Tests build it with their own store and clock. */
export interface AppDeps {
  config: Config
  store: Store
  clock: Clock
  log: Logger
  analytics: AnalyticsSink
}
