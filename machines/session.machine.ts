import { assign, fromPromise, setup } from 'xstate'

/**
 * The portal session (spec §4: logged in = a stored access token exists; spec §2 route guard).
 * Pure: storing, clearing and reloading are named actions and the sign-out call is a named actor; the app-wide
 * binding (src/web/lib/session.tsx) provides them, tests provide fakes.
 */

/** The token object the account API answers with on sign-in / OTP validation (stored as `userLoginToken`). */
export interface SessionToken {
  access_token: string
  token_type: string
  refresh_token: string
  expires_in: number
  scope: string
}

export interface SessionInput {
  /** The token found in storage when the app starts, if any. */
  storedToken: SessionToken | null
}

export interface SessionContext {
  token: SessionToken | null
  /** Why the session ended without the user asking (shown as 'Timed out, please sign in again to continue'). */
  errorCode: SessionErrorCode | null
}

export type SessionErrorCode = 'SESSION_TIMED_OUT'

export type SessionEvent =
  | { type: 'session.signedIn'; token: SessionToken; account?: unknown }
  | { type: 'session.signOut' }
  /** Any authenticated call answered 401 (spec §8: 'Timed out, please sign in again to continue'). */
  | { type: 'session.unauthorized' }
  | { type: 'session.acknowledge' }

export interface SignOutRequestInput {
  accessToken: string
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** POST /v1/dpSignout/logout; its answer does not matter (spec §4: logout errors are swallowed). */
    signOutRequest: fromPromise<unknown, SignOutRequestInput>(async () => undefined),
  },
  actions: {
    rememberToken: assign({
      token: (_, params: { token: SessionToken }) => params.token,
      errorCode: null,
    }),
    forgetToken: assign({ token: null }),
    markTimedOut: assign({ token: null, errorCode: 'SESSION_TIMED_OUT' as const }),
    clearErrorCode: assign({ errorCode: null }),
    storeSession: (_, _params: { token: SessionToken; account?: unknown }) => {},
    clearStoredSession: () => {},
    reloadToHome: () => {},
  },
  guards: {
    hasStoredToken: ({ context }) => context.token !== null && context.token.access_token !== '',
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.storedToken, errorCode: null }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasStoredToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: [
            { type: 'rememberToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'storeSession', params: ({ event }) => ({ token: event.token, account: event.account }) },
          ],
        },
      },
    },
    signedIn: {
      on: {
        // sign-up stores the token first and the profile later, so a second signedIn replaces what is stored
        'session.signedIn': {
          target: 'signedIn',
          actions: [
            { type: 'rememberToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'storeSession', params: ({ event }) => ({ token: event.token, account: event.account }) },
          ],
        },
        'session.signOut': { target: 'signingOut' },
        'session.unauthorized': {
          target: 'expired',
          actions: ['markTimedOut', 'clearStoredSession'],
        },
      },
    },
    signingOut: {
      // The request needs the token, which context still holds after storage is cleared.
      entry: 'clearStoredSession',
      invoke: {
        id: 'signOutRequest',
        src: 'signOutRequest',
        input: ({ context }) => ({ accessToken: context.token?.access_token ?? '' }),
        onDone: { target: 'signedOut', actions: ['forgetToken', 'reloadToHome'] },
        onError: { target: 'signedOut', actions: ['forgetToken', 'reloadToHome'] },
      },
    },
    expired: {
      on: {
        'session.acknowledge': { target: 'signedOut', actions: 'clearErrorCode' },
        'session.signedIn': {
          target: 'signedIn',
          actions: [
            { type: 'rememberToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'storeSession', params: ({ event }) => ({ token: event.token, account: event.account }) },
          ],
        },
      },
    },
  },
})
