import { assign, fromPromise, setup } from 'xstate'
import { consentReturnGuards } from './consent-return.ts'
import { responseTokenOf } from '../src/domain/checkout-demo.ts'
import { isLabLinkFailure, type LabLink, type LabLinkAlert } from '../src/domain/lab-link.ts'

/**
 * "Link a test user" in the payment lab (docs/dashboard.md "Linking a test user"): the developer picks one of their
 * test users; the sandbox opens an account-link session for their own merchant (signed with their key) and the
 * wallet's consent page shows in a dialog frame, signed in as that user. When the frame comes back to the loading
 * page, the response token in its query is read (verified with their secret, the attempt's nonce checked): a
 * succeeded token links, a declined one says so. The link (user, masked phone, user authorization id) is remembered
 * per merchant and mode; Unlink revokes it in the sandbox, then forgets it. Failures leave the earlier link as it
 * was. Pure: requests are named actors, remembering is the `remember`/`forget` actions, alerts are codes.
 */

export interface LabLinkInput {
  /** The link remembered for this merchant and mode (null: none). */
  link: LabLink | null
}

export interface TestUserPick {
  testUserId: string
  username: string
}

export interface OpenConsentOutput {
  /** The consent page (the session's linkQRCodeURL). */
  url: string
  /** The attempt's nonce: the response token must carry it. */
  nonce: string
}

export interface ReadTokenInput {
  responseToken: string
  nonce: string
}

interface LabLinkContext {
  link: LabLink | null
  pick: TestUserPick | null
  consentUrl: string | null
  nonce: string | null
  responseToken: string | null
  alert: LabLinkAlert | null
  /** The sandbox's code behind the alert, when it answered one. */
  code: string | null
}

export type LabLinkEvent =
  | ({ type: 'link.start' } & TestUserPick)
  | { type: 'frame.navigated'; location: string }
  | { type: 'link.cancel' }
  | { type: 'unlink' }
  | { type: 'alert.close' }

const failureOf = (error: unknown): { alert: LabLinkAlert; code: string | null } =>
  isLabLinkFailure(error) ? { alert: error.alert, code: error.code ?? null } : { alert: 'NETWORK', code: null }

const attemptOver = { consentUrl: null, nonce: null, responseToken: null }

export const labLinkMachine = setup({
  types: { context: {} as LabLinkContext, events: {} as LabLinkEvent, input: {} as LabLinkInput },
  actors: {
    /** Opens an account-link session for the developer's merchant and signs the picked test user in to its consent page. */
    openConsent: fromPromise<OpenConsentOutput, TestUserPick>(async () => {
      throw new Error('openConsent is provided by the portal')
    }),
    /** Verifies the response token and names the linked user; rejects with a LabLinkFailure (declined, invalid). */
    readToken: fromPromise<LabLink, ReadTokenInput>(async () => {
      throw new Error('readToken is provided by the portal')
    }),
    /** Revokes the user authorization in the sandbox (one already gone counts as revoked). */
    revoke: fromPromise<void, { userAuthorizationId: string }>(async () => {
      throw new Error('revoke is provided by the portal')
    }),
  },
  actions: {
    /** Remembers the link for this merchant and mode (the portal's local storage). */
    remember: (_, _params: { link: LabLink }) => undefined,
    /** Forgets the remembered link. */
    forget: () => undefined,
    startAttempt: assign((_, params: TestUserPick) => ({ pick: { testUserId: params.testUserId, username: params.username }, alert: null, code: null })),
    storeConsent: assign((_, params: OpenConsentOutput) => ({ consentUrl: params.url, nonce: params.nonce })),
    storeToken: assign((_, params: { location: string }) => ({ responseToken: responseTokenOf(params.location).token })),
    storeLink: assign((_, params: { link: LabLink }) => ({ link: params.link, ...attemptOver })),
    dropLink: assign({ link: () => null }),
    endAttempt: assign(() => attemptOver),
    showFailure: assign((_, params: { error: unknown }) => ({ ...failureOf(params.error), ...attemptOver })),
    showAlert: assign((_, params: { alert: LabLinkAlert }) => ({ alert: params.alert, code: null, ...attemptOver })),
    hideAlert: assign({ alert: () => null, code: () => null }),
  },
  guards: {
    hasLink: ({ context }) => context.link !== null,
    ...consentReturnGuards,
  },
}).createMachine({
  id: 'labLink',
  description:
    "Link a test user in the payment lab: pick one of your test users, agree on the wallet's consent page in a dialog (your own sandbox merchant and key), and the lab fills the user authorization id; Unlink revokes it.",
  context: ({ input }) => ({ link: input.link, pick: null, consentUrl: null, nonce: null, responseToken: null, alert: null, code: null }),
  initial: 'settling',
  states: {
    settling: {
      description: 'Start: a remembered link shows at once.',
      always: [
        { guard: 'hasLink', target: 'linked', description: 'A test user is linked (remembered, or kept after a failed attempt)' },
        { target: 'unlinked', description: 'No test user is linked' },
      ],
    },
    unlinked: {
      description: 'No test user linked: the test users to pick and "Link a test user".',
      on: {
        'link.start': {
          target: 'opening',
          actions: { type: 'startAttempt', params: ({ event }) => event },
          description: 'The developer picks a test user and presses "Link a test user"',
        },
        'alert.close': { actions: 'hideAlert', description: 'The developer closes the message' },
      },
    },
    opening: {
      description: 'The sandbox opens an account-link session for your merchant; the button is busy.',
      tags: ['busy'],
      invoke: {
        id: 'openConsent',
        src: 'openConsent',
        input: ({ context }) => context.pick!,
        onDone: {
          target: 'consenting',
          actions: { type: 'storeConsent', params: ({ event }) => event.output },
          description: 'The consent page opens in a dialog',
        },
        onError: [
          {
            guard: 'hasLink',
            target: 'linked',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            description: 'Refused or no answer: the earlier link stays',
          },
          {
            target: 'unlinked',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            description: 'Refused (e.g. redirect domain not allowed) or no answer',
          },
        ],
      },
    },
    consenting: {
      description: "The wallet's consent page in a dialog frame: the test user agrees (or cancels).",
      tags: ['frame'],
      on: {
        'frame.navigated': [
          {
            guard: { type: 'isReturnWithToken', params: ({ event }) => ({ location: event.location }) },
            target: 'reading',
            actions: { type: 'storeToken', params: ({ event }) => ({ location: event.location }) },
            description: 'The frame comes back to the loading page with a response token',
          },
          {
            guard: { type: 'isReturnWithoutToken', params: ({ event }) => ({ location: event.location }) },
            target: 'settling',
            actions: { type: 'showAlert', params: { alert: 'TOKEN_MISSING' } },
            description: 'The frame comes back without a token',
          },
        ],
        'link.cancel': { target: 'settling', actions: 'endAttempt', description: 'The developer closes the dialog' },
      },
    },
    reading: {
      description: 'The response token is verified with your secret; the linked user is named.',
      tags: ['frame', 'busy'],
      invoke: {
        id: 'readToken',
        src: 'readToken',
        input: ({ context }) => ({ responseToken: context.responseToken!, nonce: context.nonce! }),
        onDone: {
          target: 'linked',
          actions: [
            { type: 'storeLink', params: ({ event }) => ({ link: event.output }) },
            { type: 'remember', params: ({ event }) => ({ link: event.output }) },
          ],
          description: 'Agreed: the test user is linked and remembered',
        },
        onError: {
          target: 'settling',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          description: 'Declined on the consent page, or a token that is not valid',
        },
      },
    },
    linked: {
      description: 'The linked test user, masked phone and user authorization id; the panel sends that id.',
      on: {
        'link.start': {
          target: 'opening',
          actions: { type: 'startAttempt', params: ({ event }) => event },
          description: 'The developer links another test user',
        },
        unlink: { target: 'unlinking', actions: 'hideAlert', description: 'The developer presses Unlink' },
        'alert.close': { actions: 'hideAlert', description: 'The developer closes the message' },
      },
    },
    unlinking: {
      description: 'The sandbox revokes the user authorization.',
      tags: ['busy'],
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context }) => ({ userAuthorizationId: context.link!.userAuthorizationId }),
        onDone: { target: 'unlinked', actions: ['dropLink', 'forget'], description: 'Revoked (or already gone): forgotten' },
        onError: {
          target: 'linked',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          description: 'Not revoked: the link stays',
        },
      },
    },
  },
})
