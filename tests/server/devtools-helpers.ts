import { expect } from 'vitest'
import type { TestApp } from '../support/app.ts'
import { opaClient } from '../support/opa-client.ts'
import { bearer, signUpComplete } from './accounts-helpers.ts'
import { sandboxCommands } from '../../src/server/modules/sandbox/engine/index.ts'

/** Helpers shared by the devtools-*.test.ts suites (issue 12; not a test file itself). */

/** A signed-up developer with their sandbox credentials, and an OPA client signing with their own key. */
export async function developer(t: TestApp) {
  const s = await signUpComplete(t)
  const profile = await t.json('GET', '/v1/homeDboard/getUserProfile', undefined, bearer(s.token))
  expect(profile.status).toBe(200)
  const apiKey: string = profile.body.data.client_api_key
  const apiSecret: string = profile.body.data.client_api_secret
  const opa = opaClient({ request: (path, init) => t.app.request(path, init), apiKey, apiSecret, merchantId: s.merchantId })
  return { ...s, auth: bearer(s.token), apiKey, apiSecret, opa }
}

export type Developer = Awaited<ReturnType<typeof developer>>

/** Links one of the developer's test users to their merchant (consent approved) and answers its userAuthorizationId. */
export async function linkDeveloperUser(
  t: TestApp,
  d: Developer,
  username = 'taro',
  scopes = ['direct_debit', 'cashback', 'get_balance', 'preauth_capture_native', 'continuous_payments', 'pending_payments'],
) {
  const engine = t.deps.sandbox
  const users = await sandboxCommands.testUsers.listTestUsers(engine.forMerchant(d.merchantId))
  const user = users.find((u) => u.username === username)!
  const session = await sandboxCommands.authorizations.startAuthorizationSession(engine.forMerchant(d.merchantId), {
    apiKey: d.apiKey,
    kind: 'QR',
    request: {
      scopes,
      nonce: 'n0nce1',
      redirectUrl: 'https://shop.example/linked',
      referenceId: `ref-${username}`,
    },
  })
  const approved = await sandboxCommands.authorizations.approveAuthorization(engine.ctx, { sessionId: session.sessionId, testUserId: user.id })
  return { userAuthorizationId: approved.userAuthorizationId, testUserId: user.id, engine }
}
