import { useSelector } from '@xstate/react'
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import * as v from 'valibot'
import { createActor, fromPromise, type ActorRefFrom } from 'xstate'
import { limits } from '@/domain/limits.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import { sessionMachine, type SessionToken, type SignOutRequestInput } from '../../../machines/session.machine.ts'
import { inspectOption } from './inspect.ts'
import { forgetKeepLogin, forgetSessionUnlessKept, type SessionMarker } from './keep-login.ts'

/**
 * The app-wide session (spec §4: logged in = a stored access token exists). One actor of `sessionMachine` for the
 * whole app, bound to localStorage `userLoginToken` / `LoginAccount` (spec §3 keys). React reads it through
 * `useSession()`; the http client uses `getAccessToken()` and `reportUnauthorized()` without React.
 */

export type SessionActor = ActorRefFrom<typeof sessionMachine>
export type { SessionToken }

const storedTokenSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.optional(v.string(), 'bearer'),
  refresh_token: v.optional(v.string(), ''),
  expires_in: v.optional(v.number(), 0),
  scope: v.optional(v.string(), ''),
})

/** The token in localStorage, or null when there is none (or it is not a token object). */
export function readStoredToken(storage: Storage = localStorage): SessionToken | null {
  try {
    const raw = storage.getItem(storageKeys.userLoginToken)
    if (!raw) return null
    const parsed = v.safeParse(storedTokenSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

export interface SessionEffects {
  storage: Storage
  /** Client storage cleared on sign-out besides the token and account. */
  sessionStorage?: Storage
  signOutRequest: (input: SignOutRequestInput) => Promise<unknown>
  reload: () => void
  /** The browser-session marker of 'keep me signed in' (keep-login.ts); default: a session cookie. */
  sessionMarker?: SessionMarker | null
}

/** spec §7: POST /v1/dpSignout/logout (bearer) with {accessToken}; the caller swallows any failure (spec §4). */
export async function postSignOut({ accessToken }: SignOutRequestInput): Promise<unknown> {
  const response = await fetch('/v1/dpSignout/logout', {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ accessToken }),
    signal: AbortSignal.timeout(limits.timeouts.shortMs),
  })
  if (!response.ok) throw new Error(`sign-out answered ${response.status}`)
  return null
}

function browserEffects(): SessionEffects {
  return {
    storage: localStorage,
    sessionStorage,
    signOutRequest: postSignOut,
    reload: () => window.location.assign('/'),
  }
}

export function createSessionActor(effects: SessionEffects = browserEffects()): SessionActor {
  const { storage } = effects
  // 'keep me signed in' unchecked and a new browser session: the stored sign-in ends before it is read
  forgetSessionUnlessKept(storage, effects.sessionMarker)
  const machine = sessionMachine.provide({
    actors: { signOutRequest: fromPromise(({ input }) => effects.signOutRequest(input)) },
    actions: {
      storeSession: (_, { token, account }) => {
        storage.setItem(storageKeys.userLoginToken, JSON.stringify(token))
        if (account !== undefined) storage.setItem(storageKeys.loginAccount, JSON.stringify(account))
      },
      clearStoredSession: () => {
        storage.removeItem(storageKeys.userLoginToken)
        storage.removeItem(storageKeys.loginAccount)
        forgetKeepLogin(storage)
        effects.sessionStorage?.clear()
      },
      reloadToHome: () => effects.reload(),
    },
  })
  return createActor(machine, { input: { storedToken: readStoredToken(storage) }, inspect: inspectOption() }).start()
}

let appSession: SessionActor | undefined

/** The one session actor of the app, started on first use. */
export function getSessionActor(): SessionActor {
  appSession ??= createSessionActor()
  return appSession
}

/** For the http client: the bearer token of the signed-in user, or null. */
export function getAccessToken(): string | null {
  const snapshot = getSessionActor().getSnapshot()
  return snapshot.matches('signedIn') ? (snapshot.context.token?.access_token ?? null) : null
}

/** For the http client: an authenticated call answered 401, so the session has timed out (spec §8). */
export function reportUnauthorized(): void {
  getSessionActor().send({ type: 'session.unauthorized' })
}

const SessionContext = createContext<SessionActor | null>(null)

/** Provides the app's session actor (or the one given, in tests) to `useSession()`. */
export function SessionProvider({ actor, children }: { actor?: SessionActor; children: ReactNode }) {
  const value = useMemo(() => actor ?? getSessionActor(), [actor])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession() {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSession() needs <SessionProvider> above it')
  const state = useSelector(actor, (s) => s.value)
  const accessToken = useSelector(actor, (s) => (s.matches('signedIn') ? (s.context.token?.access_token ?? null) : null))
  const errorCode = useSelector(actor, (s) => s.context.errorCode)
  return useMemo(
    () => ({
      state,
      isSignedIn: state === 'signedIn',
      accessToken,
      /** 'SESSION_TIMED_OUT' after a 401: show 'Timed out, please sign in again to continue' (spec §8). */
      errorCode,
      signIn: (token: SessionToken, account?: unknown) => actor.send({ type: 'session.signedIn', token, account }),
      signOut: () => actor.send({ type: 'session.signOut' }),
      reportUnauthorized: () => actor.send({ type: 'session.unauthorized' }),
      acknowledge: () => actor.send({ type: 'session.acknowledge' }),
    }),
    [actor, state, accessToken, errorCode],
  )
}
