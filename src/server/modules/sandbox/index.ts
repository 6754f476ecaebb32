import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import type { AppEnv } from '../../http/app-env.ts'
import type { AppDeps } from '../../deps.ts'
import { answerError, answerNotFound } from '../../http/errors.ts'
import { byPrefix } from '../../http/prefixes.ts'
import { newRequestId } from '../../store/sandbox-ids.ts'
import { rejectEncodedControlCharacters } from '../../http/validator.ts'
import { mailboxRoutes } from './mailbox.ts'
import { opaGuards } from './api/opa-guards.ts'
import { opaRoutes } from './api/opa.ts'
import { sandboxApiRoutes } from './api/sandbox-api.ts'
import { walletRoutes } from './wallet/routes.ts'

/**
 * The offline sandbox (docs/sandbox.md): the provider's Open Payment API under `/v1` and `/v2`, and `/sandbox/*`
 * (its own API, the wallet's pages, the mailbox). Its URL prefixes, each served by one router:
 *
 *   /v1/codes /v1/payments /v1/subscription /v1/requestOrder /v1/cashback /v1/qr          opa.ts
 *   /v2/codes /v2/payments /v2/refunds /v2/wallet /v2/cashback /v2/cashback_reversal
 *   /v2/user_authorization /v2/user                                                      opa.ts
 *   /sandbox/api                                                                         sandbox-api.ts
 *   /sandbox/cashier /sandbox/authorize /sandbox/reauthorize /sandbox/merchants           wallet.ts
 *   /sandbox/mailbox /sandbox/mailbox.json                                               mailbox.ts
 *
 * `app` is the sandbox alone, for in-process calls (the lab's demo API, the payment demos, the request log's
 * replay): they go here, never through the whole portal app and its middleware.
 */
export function sandboxModule(deps: AppDeps) {
  // one set of OPA guards (one request-log recorder) for the API and the sandbox's own calls
  const guards = opaGuards(deps)
  const opa = opaRoutes(deps, guards)
  const v1 = {
    '/codes': opa.v1.codes,
    '/payments': opa.v1.payments,
    '/subscription': opa.v1.subscription,
    '/requestOrder': opa.v1.requestOrder,
    '/cashback': opa.v1.cashback,
    '/qr': opa.v1.qr,
  }
  const v2 = {
    '/codes': opa.v2.codes,
    '/payments': opa.v2.payments,
    '/refunds': opa.v2.refunds,
    '/wallet': opa.v2.wallet,
    '/cashback': opa.v2.cashback,
    '/cashback_reversal': opa.v2.cashbackReversal,
    '/user_authorization': opa.v2.userAuthorization,
    '/user': opa.v2.user,
  }
  const sandbox = byPrefix(new Hono(), { '/api': sandboxApiRoutes(deps, guards) }, walletRoutes(deps), mailboxRoutes(deps))

  const app = new Hono<AppEnv>()
  app.use(requestId({ headerName: 'X-REQUEST-ID', generator: newRequestId }))
  app.use(rejectEncodedControlCharacters)
  byPrefix(app, { '/v1': byPrefix(new Hono(), v1), '/v2': byPrefix(new Hono(), v2), '/sandbox': sandbox })
  app.onError(answerError(deps.log))
  app.notFound(answerNotFound)

  /** In-process calls into the sandbox. */
  const dispatch = (request: Request) => app.fetch(request)
  return { app, dispatch, v1, v2, sandbox }
}
