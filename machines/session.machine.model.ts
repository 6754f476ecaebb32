import type { AnyMachineSnapshot } from 'xstate'
import { sessionMachine, type SessionToken } from './session.machine.ts'

const token: SessionToken = {
  access_token: 'access-1',
  token_type: 'bearer',
  refresh_token: 'refresh-1',
  expires_in: 3600,
  scope: 'portal',
}

/**
 * How the session machine is walked (a MachineModel of scripts/statechart-model.ts) by its model-based test and by
 * `npm run qa:paths session`: the two ways the app starts, and payloads for the events the machine reads.
 */
export const sessionModel = {
  machine: sessionMachine,
  inputs: [
    { name: 'no stored token', label: 'Open the portal in a fresh browser', input: { storedToken: null } },
    { name: 'stored token', label: 'Open the portal in a browser that signed in before', input: { storedToken: token } },
    {
      name: 'timed out before reload',
      label: 'Reload a tab whose session has just timed out',
      input: { storedToken: null, timedOut: true },
    },
  ],
  labels: {
    'session.signOut': 'Choose Log out in the profile menu',
    'session.unauthorized': 'The server answers 401 to a call (e.g. the token was revoked: log out in another tab)',
    'session.acknowledge': 'Dismiss the timeout message',
  },
  observe: (s: AnyMachineSnapshot) => (s.context.errorCode ? ['alert.timedOut'] : []),
  events: [
    { type: 'session.signedIn', token, account: { email: 'dev@example.com' }, label: 'Sign in (dev@example.com) on the sign-in page' },
    { type: 'xstate.done.actor.signOutRequest', output: null, label: 'The server confirms the logout' },
    { type: 'xstate.error.actor.signOutRequest', error: new Error('network down'), label: 'The logout call fails (network down)' },
  ],
  equivalentMutants: {
    'retarget `session.signedIn session.unauthorized` to `session.restoring`':
      'restoring is a decision with no screen of its own: entered after a refused call, it finds the timed-out message and no token and goes straight on to expired, as the machine does, with the same storage calls.',
  },
  invariants: [{ name: 'Signed in always holds a token', holds: (s: AnyMachineSnapshot) => !s.matches('signedIn') || !!s.context.token }],
}
