import { expect, vi } from 'vitest'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { sessionModel } from './session.machine.model.ts'

/**
 * Every path of the session machine, replayed on the real actor. Storage effects are fakes whose calls are
 * checked against what the user would notice: signed in ⇔ a token is stored; leaving by sign-out reloads home.
 */
let stored: unknown = null
let timedOutKept = false
let reloads = 0
let signOutsFinished = 0

testMachinePaths('session', {
  ...sessionModel,
  // spec §4 (logged in = stored token; logout swallows errors) and §8 (401 → 'Timed out, please sign in again')
  spec: {
    initial: { 'no stored token': 'signedOut', 'stored token': 'signedIn', 'timed out before reload': 'expired' },
    transitions: {
      signedOut: { 'session.signedIn': 'signedIn' },
      signedIn: { 'session.signedIn': 'signedIn', 'session.signOut': 'signingOut', 'session.unauthorized': 'expired' },
      signingOut: {
        'xstate.done.actor.signOutRequest': 'signedOut',
        'xstate.error.actor.signOutRequest': 'signedOut',
        'session.signedIn': 'signedIn',
      },
      expired: { 'session.acknowledge': 'signedOut', 'session.signedIn': 'signedIn' },
    },
  },
  provide: () => {
    reloads = 0
    return {
      actions: {
        storeSession: vi.fn((_, params: { token: unknown }) => {
          stored = params.token
        }),
        clearStoredSession: vi.fn(() => {
          stored = null
        }),
        rememberTimedOut: vi.fn(() => {
          timedOutKept = true
        }),
        forgetTimedOut: vi.fn(() => {
          timedOutKept = false
        }),
        reloadToHome: vi.fn(() => {
          reloads++
        }),
      },
    }
  },
  check: (actual, expected) => {
    if (expected.event.type === 'start') {
      stored = actual.context.token
      timedOutKept = actual.context.errorCode !== null
      signOutsFinished = 0
    }
    if (/^xstate\.(done|error)\.actor\.signOutRequest$/.test(expected.event.type)) signOutsFinished++
    if (actual.matches('signedIn')) expect(stored).toEqual(actual.context.token)
    else expect(stored).toBeNull()
    // signed out or timed out, no call goes out with the old token
    if (actual.matches('signedOut') || actual.matches('expired')) expect(actual.context.token).toBeNull()
    // spec §4: the page reloads to '/' once sign-out finishes, whether the call succeeded or not
    expect(reloads).toBe(signOutsFinished)
    if (actual.matches('expired')) expect(actual.context.errorCode).toBe('SESSION_TIMED_OUT')
    else expect(actual.context.errorCode).toBeNull()
    // a reload while the message shows keeps it (this tab only); signing in or dismissing it forgets it
    expect(timedOutKept).toBe(actual.matches('expired'))
  },
})
