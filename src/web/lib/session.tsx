import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import * as v from 'valibot'
import { storageKeys } from '@/domain/storage-keys.ts'
import type { SessionErrorCode, SessionEvent, SessionToken } from '../../../machines/session.machine.ts'
import { inspectionEnabled } from './inspect.ts'
import { forgetSessionUnlessKept, type SessionMarker } from './keep-login.ts'

/**
 * The app-wide session (spec §4: logged in = a stored access token exists). Its rules are the `sessionMachine`
 * statechart, run by one actor bound to localStorage `userLoginToken` / `LoginAccount` (spec §3 keys) in
 * `session-actor.ts`. React reads it through `useSession()`; the http client uses `getAccessToken()` and
 * `reportUnauthorized()` without React.
 *
 * The actor (and xstate with it) is loaded only when it is needed: at start when a sign-in is stored (or `?inspect`
 * asks to watch it), else on the first event (signing in). Until then the session is what storage says — signed out, or signed in with the stored
 * token — which is exactly the machine's state after `restoring`. Events sent meanwhile wait for the actor, in
 * order; `send` resolves once the machine has taken the event.
 */

export type { SessionToken }
export type SessionState = 'restoring' | 'signedOut' | 'signedIn' | 'signingOut' | 'expired'

export interface SessionView {
  state: SessionState
  token: SessionToken | null
  errorCode: SessionErrorCode | null
}

export interface SessionStore {
  /** The current view; the same object until the session changes. */
  getView(): SessionView
  subscribe(listener: () => void): () => void
  /** Hands the event to the session machine; resolves once it has taken it. */
  send(event: SessionEvent): Promise<void>
  /** Starts loading the machine now (pages that are about to sign in). */
  preload(): void
}

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

/**
 * A store that answers from storage until the machine is needed, then hands over to it (`load`). A stored sign-in
 * loads the machine at once, so the first 401 or sign-out finds it ready.
 */
export function createLazySessionStore(
  load: () => Promise<SessionStore>,
  { storage = localStorage, marker, eager = false }: { storage?: Storage; marker?: SessionMarker | null; eager?: boolean } = {},
): SessionStore {
  // 'keep me signed in' unchecked and a new browser session: the stored sign-in ends before it is read
  forgetSessionUnlessKept(storage, marker)
  const stored = readStoredToken(storage)
  const initial: SessionView = { state: stored ? 'signedIn' : 'signedOut', token: stored, errorCode: null }
  const listeners = new Set<() => void>()
  let machine: SessionStore | null = null
  let loading: Promise<SessionStore> | null = null
  const ensure = () =>
    (loading ??= load().then((loaded) => {
      machine = loaded
      loaded.subscribe(() => listeners.forEach((listener) => listener()))
      listeners.forEach((listener) => listener())
      return loaded
    }))
  if (stored || eager) void ensure().catch(() => undefined)
  return {
    getView: () => machine?.getView() ?? initial,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    send: async (event) => (machine ?? (await ensure())).send(event),
    preload: () => void ensure().catch(() => undefined),
  }
}

let appSession: SessionStore | undefined

/** The one session of the app, created on first use. */
export function getSessionStore(): SessionStore {
  // with ?inspect the machine starts at once, so the inspector shows the session from its first state
  appSession ??= createLazySessionStore(() => import('./session-actor.ts').then((m) => m.createBrowserSessionStore()), {
    eager: inspectionEnabled(),
  })
  return appSession
}

/** For the http client: the bearer token of the signed-in user, or null. */
export function getAccessToken(): string | null {
  const view = getSessionStore().getView()
  return view.state === 'signedIn' ? (view.token?.access_token ?? null) : null
}

/** For the http client: an authenticated call answered 401, so the session has timed out (spec §8). */
export function reportUnauthorized(): void {
  void getSessionStore().send({ type: 'session.unauthorized' })
}

const SessionContext = createContext<SessionStore | null>(null)

/** Provides the app's session (or the store given, in tests) to `useSession()`. */
export function SessionProvider({ store, children }: { store?: SessionStore; children: ReactNode }) {
  const value = useMemo(() => store ?? getSessionStore(), [store])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession() {
  const store = useContext(SessionContext)
  if (!store) throw new Error('useSession() needs <SessionProvider> above it')
  const view = useSyncExternalStore(store.subscribe, store.getView)
  return useMemo(
    () => ({
      state: view.state,
      isSignedIn: view.state === 'signedIn',
      accessToken: view.state === 'signedIn' ? (view.token?.access_token ?? null) : null,
      /** 'SESSION_TIMED_OUT' after a 401: show 'Timed out, please sign in again to continue' (spec §8). */
      errorCode: view.errorCode,
      /** Resolves once the session is signed in (authenticated calls made after it carry the token). */
      signIn: (token: SessionToken, account?: unknown) => store.send({ type: 'session.signedIn', token, account }),
      signOut: () => store.send({ type: 'session.signOut' }),
      reportUnauthorized: () => store.send({ type: 'session.unauthorized' }),
      acknowledge: () => store.send({ type: 'session.acknowledge' }),
      /** Loads the session machine ahead of a sign-in. */
      preload: () => store.preload(),
    }),
    [store, view],
  )
}
