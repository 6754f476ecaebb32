import type { AnyMachineSnapshot } from 'xstate'
import { labLinkFailure, type LabLink } from '../src/domain/lab-link.ts'
import { labLinkMachine } from './lab-link.machine.ts'

export const rememberedLink: LabLink = { userAuthorizationId: 'ua-hanako-1', phoneNumber: '*******4821', username: 'hanako' }
export const newLink: LabLink = { userAuthorizationId: 'ua-taro-2', phoneNumber: '*******1357', username: 'taro' }

/** How the lab's "Link a test user" machine is walked by its model-based test and `npm run qa:paths lab-link`. */
export const labLinkModel = {
  machine: labLinkMachine,
  inputs: [
    { name: 'no link yet', label: 'Sign in and open /develop/paylab-lab?product=autodebit (no test user linked)', input: { link: null } },
    { name: 'remembered link', label: 'Reload /develop/paylab-lab?product=autodebit after linking hanako', input: { link: rememberedLink } },
  ],
  labels: {
    'link.cancel': 'Close the consent dialog',
    unlink: 'Press "Unlink"',
    'alert.close': 'Close the message',
    'xstate.done.actor.revoke': 'The sandbox revokes the authorization (DELETE /v2/user/authorizations/{id} answers 200)',
  },
  events: [
    { type: 'link.start', testUserId: 'tu_taro', username: 'taro', label: 'Pick taro and press "Link a test user"' },
    {
      type: 'xstate.done.actor.openConsent',
      output: { url: 'http://127.0.0.1:4410/sandbox/authorize/s-1', nonce: 'n-1' },
      label: 'POST /v1/qr/sessions answers 201: the consent page opens in the dialog',
    },
    {
      type: 'xstate.error.actor.openConsent',
      error: labLinkFailure('REDIRECT_NOT_ALLOWED', 'EXPECTATION_FAILED'),
      label: 'POST /v1/qr/sessions answers 400 EXPECTATION_FAILED (the portal is not on your redirect domains)',
    },
    { type: 'xstate.error.actor.openConsent', error: new TypeError('Failed to fetch'), label: 'POST /v1/qr/sessions gets no answer (network down)' },
    { type: 'frame.navigated', location: 'http://127.0.0.1:4410/sandbox/authorize/s-1', label: 'The consent page reloads after signing in (not a return)' },
    {
      type: 'frame.navigated',
      location: 'http://127.0.0.1:4410/demo/checkout/loading?responseToken=eyJ.a.b',
      label: 'Press "Agree and continue" (or Cancel): the frame comes back with a response token',
    },
    { type: 'frame.navigated', location: 'http://127.0.0.1:4410/demo/checkout/loading', label: 'The frame comes back without a response token' },
    { type: 'xstate.done.actor.readToken', output: newLink, label: 'The token is valid and succeeded: taro is linked' },
    {
      type: 'xstate.error.actor.readToken',
      error: labLinkFailure('CONSENT_DECLINED'),
      label: 'The token says declined (Cancel was pressed on the consent page)',
    },
    {
      type: 'xstate.error.actor.readToken',
      error: labLinkFailure('TOKEN_INVALID'),
      label: 'The token is not signed with your secret, or is of another attempt',
    },
    {
      type: 'xstate.error.actor.revoke',
      error: labLinkFailure('UNLINK_FAILED', 'INTERNAL_SERVER_ERROR'),
      label: 'The sandbox does not revoke the authorization (500)',
    },
  ],
  simplePaths: false,
  observe: (s: AnyMachineSnapshot) => (s.context.alert ? [`alert.${s.context.alert}`] : []),
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.link !== null, s.context.alert !== null]),
  invariants: [{ name: 'Linked always holds the link', holds: (s: AnyMachineSnapshot) => !s.matches('linked') || s.context.link !== null }],
}
