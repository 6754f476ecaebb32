import { jwtVerify } from 'jose'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import {
  labLinkFailure,
  labLinkReferencePrefix,
  labLinkReturnPath,
  labLinkSchema,
  labLinkScopes,
  profileIdentifierOf,
  responseTokenClaimsSchema,
  responseTokenIssuer,
  type LabLink,
} from '@/domain/lab-link.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import type { OpenConsentOutput, ReadTokenInput, TestUserPick } from '@machines/lab-link.machine.ts'
import { exchange, signDemoRequest, type DemoCredentials } from './demo-call.ts'

/**
 * The requests behind the lab's "Link a test user" (machines/lab-link.machine.ts, docs/dashboard.md "Linking a test
 * user"): straight to the sandbox with the developer's own key, signed in the browser like the panel's calls.
 */

export interface LabLinkEnv {
  credentials: DemoCredentials
  lang: 'ja' | 'en'
  /** The merchant's test users, to name the one who agreed. */
  testUsers: readonly TestUserPick[]
}

const hex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
const resultCodeOf = (answer: unknown) => {
  const code = (answer as { resultInfo?: { code?: unknown } } | null)?.resultInfo?.code
  return typeof code === 'string' ? code : undefined
}
const sessionAnswer = v.object({ data: v.object({ linkQRCodeURL: v.pipe(v.string(), v.url()) }) })
const consentPath = /^\/sandbox\/authorize\/[A-Za-z0-9_-]{1,128}$/

/** One signed sandbox call with the developer's key; null when no answer came. */
async function sandboxCall(env: LabLinkEnv, method: 'POST' | 'DELETE', path: string, body: unknown) {
  const bodyText = body === undefined ? null : JSON.stringify(body)
  try {
    const signed = await signDemoRequest({ method, path }, bodyText, 'WIT', env.credentials, window.location.origin)
    return await exchange(signed, env.lang)
  } catch {
    return null
  }
}

export function labLinkActors(env: () => LabLinkEnv) {
  return {
    openConsent: fromPromise<OpenConsentOutput, TestUserPick>(async ({ input }) => {
      const nonce = hex(16)
      const answer = await sandboxCall(env(), 'POST', '/v1/qr/sessions', {
        scopes: labLinkScopes,
        nonce,
        redirectUrl: `${window.location.origin}${labLinkReturnPath}`,
        referenceId: `${labLinkReferencePrefix}${hex(8)}`,
      })
      if (!answer) throw labLinkFailure('NETWORK')
      const session = v.safeParse(sessionAnswer, answer.answer)
      const code = resultCodeOf(answer.answer)
      if (answer.status !== 201 || !session.success)
        throw labLinkFailure(code === 'EXPECTATION_FAILED' ? 'REDIRECT_NOT_ALLOWED' : 'SESSION_FAILED', code ?? String(answer.status))
      // the consent page on this origin (the frame is read when it comes back), never another address
      const path = new URL(session.output.data.linkQRCodeURL).pathname
      if (!consentPath.test(path)) throw labLinkFailure('SESSION_FAILED')
      // the wallet's own sign-in form: the page then opens signed in as the picked user, on "Agree and continue"
      await fetch(`${path}/sign-in`, { method: 'POST', body: new URLSearchParams({ testUserId: input.testUserId }) }).catch(() => undefined)
      return { url: `${path}?lang=${env().lang}`, nonce }
    }),

    readToken: fromPromise<LabLink, ReadTokenInput>(async ({ input }) => {
      const { credentials, testUsers } = env()
      let payload: unknown
      try {
        const secret = Uint8Array.from(atob(credentials.apiSecret), (c) => c.charCodeAt(0))
        payload = (await jwtVerify(input.responseToken, secret, { algorithms: ['HS256'], audience: credentials.apiKey, issuer: responseTokenIssuer })).payload
      } catch {
        throw labLinkFailure('TOKEN_INVALID')
      }
      const claims = v.safeParse(responseTokenClaimsSchema, payload)
      if (!claims.success || claims.output.nonce !== input.nonce) throw labLinkFailure('TOKEN_INVALID')
      if (claims.output.result === 'declined') throw labLinkFailure('CONSENT_DECLINED')
      const { userAuthorizationId, profileIdentifier = '' } = claims.output
      if (!userAuthorizationId) throw labLinkFailure('TOKEN_INVALID')
      // the test user whose masked phone it is (named only when exactly one matches)
      const users = testUsers.filter((u) => profileIdentifierOf(u.testUserId) === profileIdentifier)
      return { userAuthorizationId, phoneNumber: profileIdentifier, username: users.length === 1 ? users[0]!.username : null }
    }),

    revoke: fromPromise<void, { userAuthorizationId: string }>(async ({ input }) => {
      const answer = await sandboxCall(env(), 'DELETE', `/v2/user/authorizations/${encodeURIComponent(input.userAuthorizationId)}`, undefined)
      const code = answer ? resultCodeOf(answer.answer) : undefined
      // an authorization the sandbox no longer knows is as good as revoked
      if (answer && (answer.status < 300 || code === 'INVALID_USER_AUTHORIZATION_ID')) return
      throw labLinkFailure('UNLINK_FAILED', code ?? (answer ? String(answer.status) : undefined))
    }),
  }
}

// ── remembered per merchant and mode ─────────────────────────────────────────────────────────────────────────
export function savedLabLink(merchantId: string, mode: string): LabLink | null {
  try {
    const raw = globalThis.localStorage?.getItem(storageKeys.labLink(merchantId, mode))
    const parsed = raw ? v.safeParse(labLinkSchema, JSON.parse(raw)) : null
    return parsed?.success ? parsed.output : null
  } catch {
    return null
  }
}
export function rememberLabLink(merchantId: string, mode: string, link: LabLink) {
  globalThis.localStorage?.setItem(storageKeys.labLink(merchantId, mode), JSON.stringify(link))
}
export function forgetLabLink(merchantId: string, mode: string) {
  globalThis.localStorage?.removeItem(storageKeys.labLink(merchantId, mode))
}
