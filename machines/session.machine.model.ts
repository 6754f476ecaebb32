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
    { name: 'no stored token', input: { storedToken: null } },
    { name: 'stored token', input: { storedToken: token } },
  ],
  events: [
    { type: 'session.signedIn', token, account: { email: 'dev@example.com' } },
    { type: 'xstate.done.actor.signOutRequest', output: null },
    { type: 'xstate.error.actor.signOutRequest', error: new Error('network down') },
  ],
}
