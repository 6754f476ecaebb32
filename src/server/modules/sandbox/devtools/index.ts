import { Hono } from 'hono'
import type { AppDeps } from '../../../deps.ts'
import type { AuthEnv } from '../../../http/bearer.ts'
import { sandboxInspectRoutes } from './inspect.ts'
import { sandboxPowersRoutes } from './powers.ts'
import { sandboxWebhookRoutes } from './webhooks.ts'

/**
 * The sandbox tools of the signed-in developer (`/dev/v1/sandbox/*`: request log, curl and replay, clock, reset,
 * snapshots, seed, webhooks, the machines' stream for the inspector). `dispatch` is the sandbox app: a replay goes into the sandbox, never the whole app.
 */
export function devtoolsModule(deps: AppDeps, dispatch: (request: Request) => Response | Promise<Response>) {
  const sandbox = new Hono<AuthEnv>()
  sandboxPowersRoutes(deps, dispatch, sandbox)
  sandboxWebhookRoutes(deps, sandbox)
  sandboxInspectRoutes(deps, sandbox)
  return { devV1: { '/sandbox': sandbox } }
}
