import type { AnyMachineSnapshot } from 'xstate'
import type { MiniAppPermission } from '../src/domain/miniapp/types.ts'
import { miniappSessionMachine, unanswered, type MiniappSessionContext } from './miniapp-session.machine.ts'

/**
 * One run of the example app (cake shop) in the studio's phone as its model-based test and
 * `npm run qa:paths miniapp-session` walk it. What can happen next depends on the state, which permissions are
 * answered and granted, whether there is a page to go back to, and the web view's style; counters do not.
 */
const manifest = {
  appName: 'Cake shop',
  pages: ['pages/home', 'pages/menu', 'pages/cart'],
  permissions: ['mini_app_user_name', 'mini_app_payment_balance'] as MiniAppPermission[],
  window: { navigationBarTitleText: 'Cakes' },
}

/**
 * What the next step depends on besides the state: consent still to ask, the balance granted, a page to go back to;
 * over the app's screens the same (each goes back to the app, which branches on them) and what the open consent asks;
 * in the web view its style.
 */
const branches = (s: AnyMachineSnapshot) => {
  const c = s.context as MiniappSessionContext
  if (!s.matches('running')) return [unanswered(c).length > 0]
  const app = [unanswered(c).length > 0, c.granted.includes('mini_app_payment_balance'), c.stack.length > 1]
  if (s.matches({ running: 'webview' })) return [...app, c.webview?.style ?? null]
  if (s.matches({ running: 'consent' })) return [...app, c.asking]
  return app
}
/** The transitions already given a path, per machine: a set shared by every traversal left `qa:mutate`'s later mutants without the paths of transitions an earlier mutant had kept. */
const keptBy = new WeakMap<object, Set<string>>()
/** Events whose outcome depends on more than the state (their guards read the branches above). */
const guarded = new Set(['pp.init', 'pp.requestPermission', 'xstate.done.actor.consent', 'nav.back', 'screen.webview', 'webview.close'])

export const miniappSessionModel = {
  machine: miniappSessionMachine,
  inputs: [
    {
      name: 'first launch',
      label: 'Open /miniapp/studio?app=example for a test user who has never consented (or press "Reset consent")',
      input: { manifest, appVersion: '2.42.0', network: 'online' as const, consent: null },
    },
    {
      name: 'consented before',
      label: 'Open the example app again (close it and press "Open again") after agreeing to both permissions',
      input: {
        manifest,
        appVersion: '2.42.0',
        network: 'online' as const,
        consent: { granted: [...manifest.permissions], answered: [...manifest.permissions] },
      },
    },
    {
      name: 'app added a permission',
      label: 'Add mini_app_kyc to app.json while `npm run miniapp` serves the folder (answered: name and balance)',
      input: {
        manifest: { ...manifest, permissions: [...manifest.permissions, 'mini_app_kyc'] as MiniAppPermission[] },
        appVersion: '2.42.0',
        network: 'online' as const,
        consent: { granted: ['mini_app_user_name'] as MiniAppPermission[], answered: [...manifest.permissions] },
      },
    },
  ],
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.status === 'done' ? 'closed' : s.value, ...(s.status === 'done' ? [] : branches(s))]),
  /** One path per transition the machine can take from a kind of state, not one per way of reaching it. */
  keepTransition: (from: AnyMachineSnapshot, event: { type: string }) => {
    if (from.status === 'done') return false
    const key = JSON.stringify([from.value, guarded.has(event.type) ? branches(from) : [], event])
    const kept = keptBy.get(from.machine) ?? new Set<string>()
    keptBy.set(from.machine, kept)
    if (kept.has(key)) return false
    kept.add(key)
    return true
  },
  labels: {
    'nav.back': 'Press the back button (or the app calls pp.navigateBack)',
    'settings.open': 'The app calls pp.openAppSettings',
    'consent.clear': 'Menu → Settings → "Clear authorisation data"',
    'webview.close': 'Close the web view',
    'app.close': 'Press the close button of the navigation bar (or the app calls pp.closeApp)',
  },
  events: [
    { type: 'pp.init', id: 'c1', label: 'The app calls pp.init' },
    { type: 'pp.init', id: 'c2', forced: 'SERVER_ERROR', label: 'The tester forces SERVER_ERROR on pp.init; the app calls pp.init' },
    { type: 'pp.call', id: 'c3', name: 'getBalance', label: 'The app calls pp.getBalance' },
    { type: 'pp.call', id: 'c4', name: 'pageWillAppear', label: 'The app registers pp.pageWillAppear' },
    { type: 'pp.requestPermission', id: 'c5', permissions: ['mini_app_payment_balance'], label: 'The app calls pp.requestPermission for the balance' },
    {
      type: 'xstate.done.actor.consent',
      output: { granted: ['mini_app_user_name', 'mini_app_payment_balance', 'mini_app_kyc'] },
      label: 'Scroll to the end and press "Agree and continue"',
    },
    { type: 'xstate.done.actor.consent', output: 'cancelled', label: 'Press "Cancel" on the consent screen' },
    { type: 'nav.go', kind: 'navigateTo', page: 'pages/menu', label: 'The app calls pp.navigateTo pages/menu' },
    { type: 'chrome.set', patch: { title: 'Menu' }, label: 'The app calls pp.setTitle "Menu"' },
    { type: 'consent.revoke', permission: 'mini_app_payment_balance', label: 'Menu → Settings → switch "Balance" off' },
    { type: 'controls.set', network: 'offline', label: 'The tester sets the network to offline' },
    {
      type: 'screen.payment',
      input: { appName: 'Cake shop', title: 'Shortcake', amount: 500, balance: 10_000 },
      label: 'The app calls pp.makePayment for ¥500',
    },
    { type: 'xstate.done.actor.payment', output: { outcome: 'paid', status: 'Success' }, label: 'Pay, then close the completion screen' },
    { type: 'screen.topup', input: { balance: 10_000, fixedAmounts: [1_000, 3_000] }, label: 'The app calls pp.topup' },
    { type: 'xstate.done.actor.topup', output: { amount: 1_000 }, label: 'Pick ¥1,000 and press Charge' },
    { type: 'screen.dialog', dialog: { id: 'c6', kind: 'alert', message: 'Hello', buttons: ['OK'] }, label: 'The app calls pp.showAlert' },
    { type: 'dialog.answer', value: 0, label: 'Press OK' },
    { type: 'screen.webview', webview: { url: 'https://cakes.example/', style: 'modal' }, label: 'The app calls pp.openWebview (modal)' },
    { type: 'screen.webview', webview: { url: 'https://cakes.example/', style: 'external' }, label: 'The app calls pp.openWebview (external)' },
  ],
  simplePaths: false,
  equivalentMutants: {
    'drop transition `miniappSession.running.app pp.init[2]`':
      "Without it, pp.init with nothing to ask is handled by the running state's own pp.init, which answers the same SUCCESS and stays: the app and the phone see the same.",
    'drop transition `miniappSession.running.app pp.requestPermission[1]`':
      "Without it, pp.requestPermission for granted permissions is handled by the running state's own, which answers the same granted permissions and stays: the app and the phone see the same.",
  },
}
