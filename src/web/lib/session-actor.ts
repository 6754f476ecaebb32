import { createActor, fromPromise, type ActorRefFrom } from 'xstate'
import { limits } from '@/domain/limits.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import { sessionMachine, type SignOutRequestInput } from '@machines/session.machine.ts'
import { inspectOption } from './inspect.ts'
import { forgetKeepLogin, forgetSessionUnlessKept, type SessionMarker } from './keep-login.ts'
import { readStoredToken, type SessionState, type SessionStore, type SessionView } from './session-store.ts'

/**
 * The session machine bound to the browser: its actions write localStorage `userLoginToken` / `LoginAccount`
 * (spec §3 keys) and its sign-out actor calls the logout endpoint. Loaded as its own chunk by `session.tsx` once the page
 * is hydrated, and directly by tests.
 */

export type SessionActor = ActorRefFrom<typeof sessionMachine>

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

/** sessionStorage key: this tab's session timed out and the user has not yet signed in again or dismissed it. */
export const sessionTimedOutKey = 'paylabSessionTimedOut'

function readTimedOut(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(sessionTimedOutKey) === '1'
  } catch {
    return false
  }
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
      rememberTimedOut: () => {
        try {
          effects.sessionStorage?.setItem(sessionTimedOutKey, '1')
        } catch {
          // storage full or refused: the message shows until the page reloads
        }
      },
      forgetTimedOut: () => {
        try {
          effects.sessionStorage?.removeItem(sessionTimedOutKey)
        } catch {
          // nothing to forget
        }
      },
      reloadToHome: () => effects.reload(),
    },
  })
  return createActor(machine, {
    input: { storedToken: readStoredToken(storage), timedOut: readTimedOut(effects.sessionStorage) },
    inspect: inspectOption(),
  }).start()
}

/** The actor as the store the app reads: one view object per snapshot, so React sees a change only on one. */
export function actorStore(actor: SessionActor): SessionStore {
  let seen: { snapshot: ReturnType<SessionActor['getSnapshot']>; view: SessionView } | null = null
  const getView = () => {
    const snapshot = actor.getSnapshot()
    if (seen?.snapshot !== snapshot) {
      seen = { snapshot, view: { state: snapshot.value as SessionState, token: snapshot.context.token, errorCode: snapshot.context.errorCode } }
    }
    return seen.view
  }
  return {
    getView,
    subscribe: (listener) => {
      const subscription = actor.subscribe(listener)
      return () => subscription.unsubscribe()
    },
    send: async (event) => {
      actor.send(event)
    },
    preload: () => {},
    ready: async () => {},
  }
}

/** What `session.tsx` loads the first time the session has to change (or at start, for a stored sign-in). */
export function createBrowserSessionStore(): SessionStore {
  return actorStore(createSessionActor())
}
