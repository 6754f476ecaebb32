import type { AppDeps } from '../../deps.ts'
import { accountFlows } from './flows.ts'
import { requireUser } from '../../http/bearer.ts'

import { panelRoutes } from './panel.ts'
import { signInRoutes } from './sign-in.ts'
import { signupRoutes } from './signup.ts'

/**
 * The account API of spec §7 (/v1/dpSignup, /v1/dpSignIn, /v1/dpSignout, /v1/homeDboard, /v1/d-panel): one router
 * per URL prefix, paths relative to it, in signup.ts, sign-in.ts and panel.ts over the same flows (flows.ts).
 * Flows and decisions where the spec says "not shown" are written up in docs/accounts.md.
 */
export function accountsRoutes(deps: AppDeps) {
  const flows = accountFlows(deps)
  const auth = requireUser(deps)
  const { signup } = signupRoutes(deps, flows, auth)
  const { signIn, signout } = signInRoutes(deps, flows, auth)
  const { homeDboard, dPanel } = panelRoutes(deps, flows, auth)
  return { v1: { '/dpSignup': signup, '/dpSignIn': signIn, '/dpSignout': signout, '/homeDboard': homeDboard, '/d-panel': dPanel } }
}
