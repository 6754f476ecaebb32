import type { AnalyticsSink } from './analytics.ts'
import type { Clock } from './clock.ts'
import type { Config } from './config.ts'
import type { Logger } from './logger.ts'
import { createSandbox, type SandboxEngine } from './modules/sandbox/engine/index.ts'
import type { Store } from './store/db.ts'

/** What the server is built from. */
export interface BaseDeps {
  config: Config
  store: Store
  clock: Clock
  log: Logger
  analytics: AnalyticsSink
}

/** What every route module receives. Tests build it with their own store and clock (`appDeps`). */
export interface AppDeps extends BaseDeps {
  /** The sandbox's commands, created once over this store and clock (modules/sandbox/engine). */
  sandbox: SandboxEngine
}

/** What `createApp` takes: the base, with or without its sandbox. */
export type AppDepsInput = BaseDeps & { sandbox?: SandboxEngine }

/**
 * The app's dependencies: `base` with its sandbox, created here once. Deps that already carry a sandbox over the
 * same store and clock are answered as they are (the same object); a copy with another clock or store (a test
 * "restarting" the server over the same store with a fresh clock) gets a sandbox of its own, so the engine never
 * reads a clock the routes do not.
 */
export function appDeps(base: AppDepsInput): AppDeps {
  const { sandbox } = base
  if (sandbox && sandbox.ctx.clock === base.clock && sandbox.ctx.db === base.store.db) return base as AppDeps
  return { ...base, sandbox: createSandbox(base) }
}
