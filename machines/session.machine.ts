import { assign, fromPromise, setup } from 'xstate'
import { decide } from './decide.ts'

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
  /** This tab's last session timed out and the user has not seen to it yet (survives a reload of the tab). */
  timedOut?: boolean
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
  types: { context: {} as SessionContext, events: {} as SessionEvent, input: {} as SessionInput },
  actors: {
    /** POST /v1/dpSignout/logout; its answer does not matter (spec §4: logout errors are swallowed). */
    signOutRequest: fromPromise<unknown, SignOutRequestInput>(async () => undefined),
  },
  actions: {
    rememberToken: assign({ token: (_, params: { token: SessionToken }) => params.token, errorCode: null }),
    forgetToken: assign({ token: null }),
    markTimedOut: assign({ token: null, errorCode: 'SESSION_TIMED_OUT' as const }),
    clearErrorCode: assign({ errorCode: null }),
    storeSession: (_, _params: { token: SessionToken; account?: unknown }) => {},
    clearStoredSession: () => {},
    /** Keeps 'timed out' for this tab, so a reload still tells the user why they are signed out. */
    rememberTimedOut: () => {},
    forgetTimedOut: () => {},
    reloadToHome: () => {},
  },
  guards: {
    hasStoredToken: ({ context }) => context.token !== null && context.token.access_token !== '',
    wasTimedOut: ({ context }) => context.errorCode !== null,
  },
}).createMachine({
  id: 'session',
  description: 'The portal session: signed in while a sign-in token is stored. Sign-out ends it; a call the server refuses (401) times it out with a message.',
  context: ({ input }) => ({ token: input.storedToken, errorCode: input.timedOut ? 'SESSION_TIMED_OUT' : null }),
  initial: 'restoring',
  // sign-up stores the token first and the profile later, so a signedIn while signed in replaces what is stored;
  // a sign-in during sign-out wins too (the stored session was already cleared)
  on: {
    'session.signedIn': {
      target: '.signedIn',
      actions: [
        { type: 'rememberToken', params: ({ event }) => ({ token: event.token }) },
        { type: 'storeSession', params: ({ event }) => ({ token: event.token, account: event.account }) },
        'forgetTimedOut',
      ],
      description: 'The user signs in (sign-in, sign-up OTP, or sign-up finishing)',
    },
  },
  states: {
    restoring: decide('The app starts and looks for a stored sign-in (no screen of its own).', [
      { guard: 'hasStoredToken', target: 'signedIn', description: 'A sign-in is stored' },
      { guard: 'wasTimedOut', target: 'expired', description: "This tab's session timed out before the reload" },
      { target: 'signedOut', description: 'Nothing is stored' },
    ]),
    signedOut: { description: 'Signed out: the header offers Sign in; the dashboard sends to the sign-in page.', tags: ['session.signedOut'] },
    signedIn: {
      description: 'Signed in: the header shows the profile menu; the dashboard is open.',
      tags: ['session.signedIn'],
      on: {
        'session.signOut': { target: 'signingOut', description: 'The user chooses Log out in the profile menu' },
        'session.unauthorized': {
          target: 'expired',
          actions: ['markTimedOut', 'clearStoredSession', 'rememberTimedOut'],
          description: 'The server refuses a call (401): the session has timed out',
        },
      },
    },
    signingOut: {
      description: 'Logging out: the stored sign-in is cleared and the server is told; the page then reloads at home.',
      tags: ['session.signingOut'],
      // The request needs the token, which context still holds after storage is cleared.
      entry: 'clearStoredSession',
      invoke: {
        id: 'signOutRequest',
        src: 'signOutRequest',
        input: ({ context }) => ({ accessToken: context.token?.access_token ?? '' }),
        onDone: { target: 'signedOut', actions: ['forgetToken', 'reloadToHome'], description: 'The server confirms the logout' },
        onError: { target: 'signedOut', actions: ['forgetToken', 'reloadToHome'], description: 'The logout call fails (ignored)' },
      },
    },
    expired: {
      description: 'Timed out: "Timed out, please sign in again to continue" shows until the user signs in again or dismisses it.',
      tags: ['session.signedOut', 'alert.timedOut'],
      on: {
        'session.acknowledge': { target: 'signedOut', actions: ['clearErrorCode', 'forgetTimedOut'], description: 'The user dismisses the message' },
      },
    },
  },
})
