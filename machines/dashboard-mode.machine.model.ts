import type { AnyMachineSnapshot } from 'xstate'
import { AccountFlowError } from './account-flow.ts'
import { dashboardModeMachine } from './dashboard-mode.machine.ts'

/** How the dashboard-mode machine is walked by its model-based test and `npm run qa:paths dashboard-mode`. */
export const dashboardModeModel = {
  machine: dashboardModeMachine,
  inputs: [
    {
      name: 'new developer',
      label: 'Sign in as a developer who has not activated live mode and open /dashboard/home',
      input: { storedLive: false, liveMerchantId: null, noticeDismissed: false },
    },
    {
      name: 'activated, stored live',
      label: 'Sign in as an activated developer who left the dashboard in live mode (liveMode stored) and open /dashboard/home',
      input: { storedLive: true, liveMerchantId: 'live-1', noticeDismissed: true },
    },
    {
      name: 'activated, stored test',
      label: 'Sign in as an activated developer who left the dashboard in test mode and open /dashboard/home',
      input: { storedLive: false, liveMerchantId: 'live-1', noticeDismissed: false },
    },
  ],
  observe: (s: AnyMachineSnapshot) => (s.context.errorCode && s.matches('activationForm') ? ['alert.error'] : []),
  labels: {
    'mode.live': 'Switch the mode toggle to Live',
    'mode.test': 'Switch the mode toggle to Test',
    'modal.activate': "Press 'Activate now' in the live-mode modal",
    'modal.close': "Press 'Close' (or Escape) in the live-mode modal",
    'activation.submit': 'Press Activate in the account activation form',
    'activation.cancel': 'Press Cancel in the account activation form',
    'notice.dismiss': 'Dismiss the live notice',
    'xstate.done.actor.activate': 'The server activates the account (salesforceActivate answers the live merchant id)',
  },
  events: [
    { type: 'xstate.done.actor.activate', output: { live_merchant_id: 'live-2' } },
    {
      type: 'xstate.error.actor.activate',
      error: new AccountFlowError('MERCHANT_REQUIRED'),
      label: 'The server answers 409 MERCHANT_REQUIRED (sign-up not finished; sign in with an account stopped at step 3)',
    },
  ],
  equivalentMutants: {
    'retarget `dashboardMode.live.notice notice.dismiss` to `dashboardMode.live.checkingNotice`':
      'checkingNotice is a decision with no screen of its own: Dismiss notes the notice as dismissed first, so the decision goes straight on to quiet, as the machine does.',
  },
  invariants: [{ name: 'The live notice shows only in live mode', holds: (s: AnyMachineSnapshot) => !s.hasTag('alert.liveNotice') || s.matches('live') }],
}
