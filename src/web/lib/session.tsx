import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { inspectionEnabled } from './inspect-flag.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import type { SessionStore, SessionToken, SessionView } from './session-store.ts'

/**
 * The app-wide session (spec §4: logged in = a stored access token exists). Its one source is the `sessionMachine`
 * statechart, run by one actor bound to localStorage `userLoginToken` / `LoginAccount` (spec §3 keys) in
 * `session-actor.ts`. React reads it through `useSession()`; the http client and the route guard use
 * `getAccessToken()`, `sessionAccessToken()` and `reportUnauthorized()` without React.
 *
 * The actor (and xstate with it) is its own chunk, loaded by the browser after hydration when a sign-in is stored, or
 * when something needs the session (`loadSessionIfStored()`, `loadSession()`). Until it runs — and always on the server, which cannot see local storage — the session is the machine's first
 * state, `restoring`: pages render their signed-out-or-unknown form (a skeleton where it matters) and the machine's
 * restore step decides. Events sent meanwhile wait for the actor, in order.
 */

export { readStoredToken, type SessionState, type SessionStore, type SessionToken, type SessionView } from './session-store.ts'

/** What the session is before the machine runs (its initial state), on the server and while the actor loads. */
export const restoringView: SessionView = { state: 'restoring', token: null, errorCode: null }

/**
 * A store that reads `restoring` until the machine has loaded, then is the machine. It holds no rule of its own:
 * it neither reads storage nor decides anything, it only waits.
 */
export function createPendingSessionStore(load: () => Promise<SessionStore>): SessionStore {
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
  return {
    getView: () => machine?.getView() ?? restoringView,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    send: async (event) => (machine ?? (await ensure())).send(event),
    preload: () => void ensure().catch(() => undefined),
    ready: async () => void (await ensure()),
  }
}

let appSession: SessionStore | undefined

/** The one session of the app, created on first use (the machine itself loads with `loadSession()`). */
export function getSessionStore(): SessionStore {
  appSession ??= createPendingSessionStore(() => import('./session-actor.ts').then((m) => m.createBrowserSessionStore()))
  return appSession
}

/** Starts the session machine (browser only) and resolves once it has restored the session. */
export function loadSession(): Promise<void> {
  return getSessionStore().ready()
}

/**
 * main.tsx, once the page is hydrated: starts the machine when storage holds something for its restore step to read
 * (or `?inspect` watches it). Whether that is a valid, kept sign-in is the machine's to decide; a visitor with nothing
 * stored does not download it until something needs the session (a sign-in page, a guarded route).
 */
export function loadSessionIfStored(storage: Pick<Storage, 'getItem'> = localStorage): void {
  try {
    if (storage.getItem(storageKeys.userLoginToken) === null && !inspectionEnabled()) return
  } catch {
    return
  }
  void loadSession()
}

/** For the http client: the bearer token of the signed-in user, or null (also while the session is restoring). */
export function getAccessToken(): string | null {
  if (typeof window === 'undefined') return null
  const view = getSessionStore().getView()
  return view.state === 'signedIn' ? (view.token?.access_token ?? null) : null
}

/** For the route guard in the browser: the access token once the machine has restored the session. */
export async function sessionAccessToken(): Promise<string | null> {
  await loadSession()
  return getAccessToken()
}

/** For the http client: an authenticated call answered 401, so the session has timed out (spec §8). */
export function reportUnauthorized(): void {
  void getSessionStore().send({ type: 'session.unauthorized' })
}

const getRestoringView = () => restoringView

/** The server's session: always restoring (it cannot see local storage); nothing is ever sent to it. */
const serverSessionStore: SessionStore = {
  getView: getRestoringView,
  subscribe: () => () => {},
  send: async () => {},
  preload: () => {},
  ready: async () => {},
}

const SessionContext = createContext<SessionStore | null>(null)

/** Provides the app's session (or the store given, in tests) to `useSession()`. */
export function SessionProvider({ store, children }: { store?: SessionStore; children: ReactNode }) {
  const value = useMemo(() => store ?? (typeof window === 'undefined' ? serverSessionStore : getSessionStore()), [store])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession() {
  const store = useContext(SessionContext)
  if (!store) throw new Error('useSession() needs <SessionProvider> above it')
  // hydration reads the server's view (restoring), then React renders again with the browser's
  const view = useSyncExternalStore(store.subscribe, store.getView, getRestoringView)
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
