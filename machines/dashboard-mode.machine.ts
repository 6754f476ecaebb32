import { assign, fromPromise, setup } from 'xstate'
import { errorCodeOf, setErrorFromEvent } from './account-flow.ts'

/**
 * Test and live mode of the dashboard (spec §2 Dashboard "Flow: test mode, activation form, live mode", "Modal live
 * mode"; §3 `liveMode` / `liveNotice`; §4 MODE_TEST / MODE_LIVE). Switching to live before the account is activated
 * opens the live-mode modal ('Activate now' / 'Close', Escape closes); 'Activate now' shows the activation form,
 * whose submission (`salesforceActivate`) creates the live merchant and enters live mode with the live notice.
 * The stored mode is written by `persistMode`, the dismissed notice by `persistNotice` (the page provides both).
 */

export interface DashboardModeInput {
  /** localStorage `liveMode` was true. */
  storedLive: boolean
  /** The profile's `live_merchant_id` (null until activated). */
  liveMerchantId: string | null
  /** localStorage `liveNotice`: the live notice was dismissed. */
  noticeDismissed: boolean
}

export interface DashboardModeContext {
  storedLive: boolean
  liveMerchantId: string | null
  noticeDismissed: boolean
  errorCode: string | null
}

export interface ActivationOutput {
  live_merchant_id: string
}

export type DashboardModeEvent =
  | { type: 'mode.live' }
  | { type: 'mode.test' }
  | { type: 'modal.activate' }
  | { type: 'modal.close' }
  | { type: 'activation.submit' }
  | { type: 'activation.cancel' }
  | { type: 'notice.dismiss' }

export const dashboardModeMachine = setup({
  types: {
    context: {} as DashboardModeContext,
    events: {} as DashboardModeEvent,
    input: {} as DashboardModeInput,
  },
  actors: {
    /** POST /v1/dpSignup/salesforceActivate: creates (or answers) the live merchant. */
    activate: fromPromise<ActivationOutput>(async () => ({ live_merchant_id: '' })),
  },
  actions: {
    setError: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
    /** localStorage `liveMode` = the mode just entered (spec §3). */
    persistMode: (_, _params: { live: boolean }) => undefined,
    /** localStorage `liveNotice` = dismissed. */
    persistNotice: () => undefined,
  },
  guards: {
    isActivated: ({ context }) => context.liveMerchantId !== null,
    startsLive: ({ context }) => context.storedLive && context.liveMerchantId !== null,
    noticeDismissed: ({ context }) => context.noticeDismissed,
  },
}).createMachine({
  id: 'dashboardMode',
  description:
    'Test and live mode of the dashboard: switching to live before the account is activated opens the live-mode modal (Activate now / Close); the activation form creates the live merchant and enters live mode with its notice. The mode is remembered in the browser.',
  context: ({ input }) => ({ storedLive: input.storedLive, liveMerchantId: input.liveMerchantId, noticeDismissed: input.noticeDismissed, errorCode: null }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'The stored mode is read: live only when it was live and the account is activated.',
      always: [
        {
          guard: 'startsLive',
          target: 'live',
          description: 'liveMode was stored and the account has a live merchant',
        },
        { target: 'test', description: 'Otherwise test mode' },
      ],
    },
    test: {
      description: 'Test mode (MODE_TEST): sandbox credentials; every merchant call carries the test merchant id.',
      tags: ['screen.test'],
      entry: { type: 'persistMode', params: { live: false } },
      on: {
        'mode.live': [
          { guard: 'isActivated', target: 'live', description: 'The user switches to live; the account is activated' },
          { target: 'liveModal', description: 'The user switches to live; the account is not activated yet' },
        ],
      },
    },
    liveModal: {
      description: "The live-mode modal: live mode needs an activated account; 'Activate now' or 'Close'.",
      tags: ['screen.test', 'screen.liveModal'],
      on: {
        'modal.activate': { target: 'activationForm', description: "The user presses 'Activate now'" },
        'modal.close': { target: 'test', description: "The user presses 'Close' or Escape" },
      },
    },
    activationForm: {
      description: 'The account activation form: what activation does and a button to activate.',
      tags: ['screen.test', 'screen.activationForm'],
      on: {
        'activation.submit': { target: 'activating', actions: assign({ errorCode: null }), description: 'The user presses Activate' },
        'activation.cancel': { target: 'test', actions: assign({ errorCode: null }), description: 'The user cancels the form' },
      },
    },
    activating: {
      description: 'The activation request is being sent; the button is busy.',
      tags: ['screen.test', 'screen.activationForm', 'busy.activating'],
      invoke: {
        id: 'activate',
        src: 'activate',
        onDone: {
          target: 'live',
          actions: assign({ liveMerchantId: ({ event }) => event.output.live_merchant_id, noticeDismissed: false }),
          description: 'Activated: the live merchant exists',
        },
        onError: { target: 'activationForm', actions: setErrorFromEvent, description: 'The server refuses or fails: the form shows the message' },
      },
    },
    live: {
      description: 'Live mode (MODE_LIVE): live credentials; every merchant call carries the live merchant id.',
      tags: ['screen.live'],
      entry: { type: 'persistMode', params: { live: true } },
      initial: 'checkingNotice',
      on: { 'mode.test': { target: 'test', description: 'The user switches back to test' } },
      states: {
        checkingNotice: {
          description: 'Was the live notice dismissed before?',
          always: [
            { guard: 'noticeDismissed', target: 'quiet', description: 'Dismissed before' },
            { target: 'notice', description: 'Not dismissed yet' },
          ],
        },
        notice: {
          description: 'The live notice above the credentials.',
          tags: ['alert.liveNotice'],
          on: {
            'notice.dismiss': {
              target: 'quiet',
              actions: [assign({ noticeDismissed: true }), 'persistNotice'],
              description: 'The user dismisses the notice',
            },
          },
        },
        quiet: { description: 'No notice.' },
      },
    },
  },
})
