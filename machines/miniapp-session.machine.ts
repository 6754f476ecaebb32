import { assign, emit, setup } from 'xstate'
import { miniAppPermissions, type MiniAppManifest, type MiniAppPermission } from '../src/domain/miniapp/types.ts'
import { compareVersions, featureMinVersions } from '../src/domain/miniapp/versions.ts'
import { miniappConsentMachine, type MiniappConsentOutput } from './miniapp-consent.machine.ts'
import { miniappPaymentMachine, type MiniappPaymentInput } from './miniapp-payment.machine.ts'
import { miniappTopupMachine, type MiniappTopupInput } from './miniapp-topup.machine.ts'
import { chromeOf, type MiniappChrome, type MiniappDialog, type MiniappWebview, type SessionEmitted } from './miniapp-session.ts'

/**
 * One run of a mini app in the studio's phone (spec §4 "pp.init must succeed on the first page before other calls",
 * §6 consent, §2 the wallet's screens): loading → consent → running → closed. The bridge host (the studio's
 * postMessage adapter) sends every call of the app here; the session says whether it passes the init gate, asks
 * consent as a child (miniapp-consent) for the permissions the user has never answered, lays the payment and top-up
 * screens (their own machines) and the dialogs and web view over the app, and keeps the page stack, the wallet's
 * chrome, the network condition and the wallet version. Every reload, reopen and "Reset consent" starts a new
 * session, so the gate is armed again. What it answers goes out as emitted events (`call.answer`, `call.run`, `page`).
 */

export type MiniappNetwork = 'online' | 'offline' | 'slow'
export interface MiniappConsentRecord {
  granted: MiniAppPermission[]
  /** Every permission the user has been asked (granted or refused). */
  answered: MiniAppPermission[]
}
export interface MiniappSessionInput {
  manifest: Pick<MiniAppManifest, 'appName' | 'pages' | 'permissions' | 'window' | 'pageWindows'>
  appVersion: string
  network: MiniappNetwork
  consent: MiniappConsentRecord | null
  /** The page shown when the session starts (a reload keeps the page); default the entry page. */
  stack?: string[]
}
export interface MiniappSessionContext {
  manifest: MiniappSessionInput['manifest']
  appVersion: string
  network: MiniappNetwork
  granted: MiniAppPermission[]
  answered: MiniAppPermission[]
  /** What the consent screen asks now, and the call that waits for it (pp.init or pp.requestPermission). */
  asking: MiniAppPermission[]
  waiting: { id: string; name: 'init' | 'requestPermission' } | null
  stack: string[]
  /** Grows whenever the frame loads a page (navigation): the phone reloads its frame. */
  loads: number
  chrome: MiniappChrome
  dialog: MiniappDialog | null
  webview: MiniappWebview | null
  /** Grows whenever the app opens its settings (pp.openAppSettings). */
  settingsAsked: number
}

export type MiniappSessionEvent =
  | { type: 'pp.init'; id: string; forced?: string }
  | { type: 'pp.call'; id: string; name: string }
  | { type: 'pp.requestPermission'; id: string; permissions: MiniAppPermission[] }
  | { type: 'nav.go'; kind: 'navigateTo' | 'redirectTo' | 'switchTab' | 'popAll'; page: string }
  | { type: 'nav.back' }
  | { type: 'chrome.set'; patch: Partial<MiniappChrome> }
  | { type: 'settings.open' }
  | { type: 'consent.revoke'; permission: MiniAppPermission }
  | { type: 'consent.clear' }
  | { type: 'controls.set'; appVersion?: string; network?: MiniappNetwork }
  | { type: 'screen.payment'; input: MiniappPaymentInput }
  | { type: 'screen.topup'; input: MiniappTopupInput }
  | { type: 'screen.dialog'; dialog: MiniappDialog }
  | { type: 'dialog.answer'; value: unknown }
  | { type: 'screen.webview'; webview: MiniappWebview }
  | { type: 'webview.close' }
  | { type: 'app.close' }

/** The lifecycle registrations answer before pp.init too (spec §4); everything else waits for it. */
export const beforeInitAllowed: readonly string[] = ['pageWillAppear', 'pageWillDisappear']

const known = (p: string): p is MiniAppPermission => (miniAppPermissions as readonly string[]).includes(p)
/** The app's permissions the user has never answered, if this wallet version asks consent at all. */
export function unanswered(context: Pick<MiniappSessionContext, 'manifest' | 'answered' | 'appVersion'>): MiniAppPermission[] {
  if (compareVersions(context.appVersion, featureMinVersions.userConsent) < 0) return []
  return (context.manifest.permissions ?? []).filter((p) => known(p) && !context.answered.includes(p))
}

const idOf = (event: MiniappSessionEvent) => ('id' in event ? event.id : '')
const answerOf = (id: string, ok: boolean, result: unknown): SessionEmitted => ({ type: 'call.answer', id, ok, result })

export const miniappSessionMachine = setup({
  types: {
    context: {} as MiniappSessionContext,
    events: {} as MiniappSessionEvent,
    input: {} as MiniappSessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: { consent: miniappConsentMachine, payment: miniappPaymentMachine, topup: miniappTopupMachine },
  guards: {
    forced: ({ event }) => event.type === 'pp.init' && !!event.forced,
    asksConsent: ({ context }) => unanswered(context).length > 0,
    allowedBeforeInit: ({ event }) => event.type === 'pp.call' && beforeInitAllowed.includes(event.name),
    agreed: ({ event }) => (event as { output?: MiniappConsentOutput }).output !== 'cancelled',
    waitsForInit: ({ context }) => context.waiting?.name === 'init',
    canGoBack: ({ context }) => context.stack.length > 1,
    asksNew: ({ context, event }) => event.type === 'pp.requestPermission' && event.permissions.some((p) => !context.granted.includes(p)),
    inWallet: ({ context, event }) => (event.type === 'screen.webview' ? event.webview.style : context.webview?.style) !== 'external',
  },
  actions: {
    refuseBeforeInit: emit(({ event }) => answerOf(idOf(event), false, { errorCode: 'UNKNOWN', errorMessage: 'pp.init must succeed first' })),
    askUnanswered: assign(({ context, event }) => ({
      asking: unanswered(context),
      waiting: { id: (event as { id: string }).id, name: 'init' as const },
    })),
    askMissing: assign(({ context, event }) => ({
      asking: event.type === 'pp.requestPermission' ? event.permissions.filter((p) => !context.granted.includes(p)) : [],
      waiting: { id: (event as { id: string }).id, name: 'requestPermission' as const },
    })),
    recordConsent: assign(({ context, event }) => {
      const output = (event as { output?: MiniappConsentOutput }).output
      const granted = output && output !== 'cancelled' ? output.granted.filter((g) => context.asking.includes(g)) : []
      return {
        granted: [...new Set([...context.granted, ...granted])],
        answered: [...new Set([...context.answered, ...context.asking])],
      }
    }),
    answerWaiting: emit(({ context }) =>
      answerOf(context.waiting?.id ?? '', true, context.waiting?.name === 'init' ? { status: 'SUCCESS' } : { granted_permissions: context.granted }),
    ),
    cancelWaiting: emit(({ context }) => answerOf(context.waiting?.id ?? '', false, { errorCode: 'USER_CANCELED', errorMessage: 'user canceled' })),
    forgetWaiting: assign({ asking: () => [], waiting: () => null }),
    answerInit: emit(({ event }) => answerOf(idOf(event), true, { status: 'SUCCESS' })),
    answerForced: emit(({ event }) => {
      const code = event.type === 'pp.init' && event.forced ? event.forced : 'UNKNOWN'
      return answerOf(idOf(event), false, { errorCode: code, errorMessage: `forced by the studio: ${code}` })
    }),
    answerGranted: emit(({ context, event }) => answerOf(idOf(event), true, { granted_permissions: context.granted })),
    runCall: emit(({ event }) => ({ type: 'call.run' as const, id: idOf(event), name: event.type === 'pp.call' ? event.name : '' })),
    leavePage: emit({ type: 'page' as const, event: 'pageWillDisappear' as const }),
    returnToPage: emit(({ context }) => ({ type: 'page' as const, event: 'pageWillAppear' as const, page: context.stack.at(-1) ?? '' })),
    go: assign(({ context, event }) => {
      let stack = context.stack
      if (event.type === 'nav.back') stack = stack.slice(0, -1)
      else if (event.type === 'nav.go' && event.kind === 'navigateTo') stack = [...stack, event.page]
      else if (event.type === 'nav.go' && event.kind === 'redirectTo') stack = [...stack.slice(0, -1), event.page]
      else if (event.type === 'nav.go') stack = event.kind === 'popAll' ? stack.slice(0, 1) : [event.page]
      // every page opens with its own window values (app.json's `window` under the page's json)
      return { stack, loads: context.loads + 1, chrome: chromeOf(context.manifest, stack.at(-1)) }
    }),
    setChrome: assign({ chrome: ({ context, event }) => (event.type === 'chrome.set' ? { ...context.chrome, ...event.patch } : context.chrome) }),
    openSettings: assign({ settingsAsked: ({ context }) => context.settingsAsked + 1 }),
    revoke: assign({ granted: ({ context, event }) => context.granted.filter((g) => event.type !== 'consent.revoke' || g !== event.permission) }),
    clearConsent: assign({ granted: () => [], answered: () => [] }),
    setControls: assign(({ context, event }) =>
      event.type === 'controls.set' ? { appVersion: event.appVersion ?? context.appVersion, network: event.network ?? context.network } : {},
    ),
    showDialog: assign({ dialog: ({ event }) => (event.type === 'screen.dialog' ? event.dialog : null) }),
    answerDialog: emit(({ context, event }) => ({
      type: 'dialog.answered' as const,
      id: context.dialog?.id ?? '',
      value: event.type === 'dialog.answer' ? event.value : undefined,
    })),
    hideDialog: assign({ dialog: () => null }),
    showWebview: assign({ webview: ({ event }) => (event.type === 'screen.webview' ? event.webview : null) }),
    hideWebview: assign({ webview: () => null }),
  },
}).createMachine({
  id: 'miniappSession',
  description:
    "One run of a mini app in the studio's phone: while it loads, nothing but pp.init (and the lifecycle registrations) answers; pp.init asks consent for the permissions never answered, then the app runs with the payment, top-up, dialog and web view screens over it, until it is closed. Reload, reopen and Reset consent start a new session.",
  context: ({ input }) => {
    const entry = input.manifest.pages[0] ?? ''
    const stack = input.stack?.length ? input.stack : [entry]
    return {
      manifest: input.manifest,
      appVersion: input.appVersion,
      network: input.network,
      granted: input.consent?.granted ?? [],
      answered: input.consent?.answered ?? [],
      asking: [],
      waiting: null,
      stack,
      loads: 0,
      chrome: chromeOf(input.manifest, stack.at(-1)),
      dialog: null,
      webview: null,
      settingsAsked: 0,
    }
  },
  initial: 'loading',
  on: {
    'controls.set': { actions: 'setControls', description: 'The tester changes the network or the wallet version' },
    'consent.revoke': { actions: 'revoke', description: "The user switches a granted permission off in the menu's Settings" },
    'consent.clear': { actions: 'clearConsent', description: 'The user clears the authorisation data: the next pp.init asks again' },
    'app.close': { target: '.closed', actions: 'leavePage', description: 'The user closes the mini app (or it calls pp.closeApp)' },
  },
  states: {
    loading: {
      description: 'The first page loads and runs; the init gate is closed: calls other than pp.init answer UNKNOWN.',
      tags: ['gate.closed'],
      on: {
        'pp.init': [
          { guard: 'forced', actions: 'answerForced', description: 'pp.init with an error forced by the tester: it fails, the gate stays closed' },
          { guard: 'asksConsent', target: 'consenting', actions: 'askUnanswered', description: 'pp.init: permissions the user has never answered are asked' },
          { target: 'running', actions: 'answerInit', description: 'pp.init with every permission answered before: it succeeds' },
        ],
        'pp.call': [
          { guard: 'allowedBeforeInit', actions: 'runCall', description: 'A lifecycle registration: allowed before pp.init' },
          { actions: 'refuseBeforeInit', description: 'Any other call before pp.init: UNKNOWN' },
        ],
        'pp.requestPermission': { actions: 'refuseBeforeInit', description: 'pp.requestPermission before pp.init: UNKNOWN' },
      },
    },
    consenting: {
      description: 'The consent screen over the first page (the miniapp-consent flow); the gate stays closed until it is answered.',
      tags: ['gate.closed', 'screen.consent'],
      invoke: {
        id: 'consent',
        src: 'consent',
        input: ({ context }) => ({ appName: context.manifest.appName, permissions: context.asking }),
        onDone: [
          {
            guard: 'agreed',
            target: 'running',
            actions: ['recordConsent', 'answerWaiting', 'forgetWaiting'],
            description: 'The user agrees: pp.init succeeds',
          },
          {
            target: 'loading',
            actions: ['recordConsent', 'cancelWaiting', 'forgetWaiting'],
            description: 'The user cancels: pp.init fails with USER_CANCELED, the gate stays closed',
          },
        ],
      },
      on: {
        'pp.call': [
          { guard: 'allowedBeforeInit', actions: 'runCall', description: 'A lifecycle registration: allowed before pp.init' },
          { actions: 'refuseBeforeInit', description: 'Any other call while consent is asked: UNKNOWN' },
        ],
        'pp.init': { actions: 'refuseBeforeInit', description: 'A second pp.init while consent is asked: UNKNOWN' },
        'pp.requestPermission': { actions: 'refuseBeforeInit', description: 'pp.requestPermission before pp.init: UNKNOWN' },
      },
    },
    running: {
      description: "pp.init has succeeded: every call goes to the bridge's functions; the wallet's screens open over the app.",
      initial: 'app',
      on: {
        'pp.call': { actions: 'runCall', description: "A call passes the gate: the bridge's function answers it" },
        'nav.go': { actions: ['leavePage', 'go'], description: 'The app (or the tab bar) moves to another page' },
        'nav.back': { guard: 'canGoBack', actions: ['leavePage', 'go'], description: 'Back to the page before (the app or the back button)' },
        'chrome.set': { actions: 'setChrome', description: 'The app sets its title, navigation bar, background, brightness or pull-down refresh' },
        'settings.open': { actions: 'openSettings', description: "pp.openAppSettings: the menu's Settings open" },
        'pp.init': { actions: 'answerInit', description: 'pp.init again while a screen is open: it succeeds' },
        'pp.requestPermission': { actions: 'answerGranted', description: 'pp.requestPermission while a screen is open: answers what is granted' },
      },
      states: {
        app: {
          description: "The app's page, nothing over it.",
          tags: ['screen.app'],
          on: {
            'pp.init': [
              { guard: 'forced', actions: 'answerForced', description: 'pp.init again with a forced error: it fails' },
              {
                guard: 'asksConsent',
                target: 'consent',
                actions: 'askUnanswered',
                description: 'pp.init again after the app added permissions: the new ones are asked',
              },
              { actions: 'answerInit', description: 'pp.init again: it succeeds' },
            ],
            'pp.requestPermission': [
              {
                guard: 'asksNew',
                target: 'consent',
                actions: 'askMissing',
                description: 'pp.requestPermission for permissions not granted: the consent screen asks them',
              },
              { actions: 'answerGranted', description: 'pp.requestPermission for granted permissions: answered at once' },
            ],
            'screen.payment': { target: 'payment', description: 'pp.makePayment: the payment screen opens' },
            'screen.topup': { target: 'topup', description: 'pp.topup: the top-up screen opens' },
            'screen.dialog': {
              target: 'dialog',
              actions: 'showDialog',
              description: 'pp.showAlert, pp.showErrorSheet or pp.showUpdateWarning: the dialog opens',
            },
            'screen.webview': [
              {
                guard: 'inWallet',
                target: 'webview',
                actions: ['showWebview', 'leavePage'],
                description: 'pp.openWebview (modal or slide): the web view covers the page',
              },
              { target: 'webview', actions: 'showWebview', description: "pp.openWebview (external): the device's browser; the page is not left" },
            ],
          },
        },
        consent: {
          description: 'The consent screen over the running app (new permissions at pp.init, or pp.requestPermission).',
          tags: ['screen.consent'],
          invoke: {
            id: 'consent',
            src: 'consent',
            input: ({ context }) => ({ appName: context.manifest.appName, permissions: context.asking }),
            onDone: [
              {
                guard: 'agreed',
                target: 'app',
                actions: ['recordConsent', 'answerWaiting', 'forgetWaiting'],
                description: 'The user agrees: the call succeeds',
              },
              {
                target: 'app',
                actions: ['recordConsent', 'cancelWaiting', 'forgetWaiting'],
                description: 'The user cancels: the call fails with USER_CANCELED',
              },
            ],
          },
        },
        payment: {
          description: 'The payment screen, then the completion screen (the miniapp-payment flow).',
          tags: ['screen.payment'],
          invoke: {
            id: 'payment',
            src: 'payment',
            input: ({ event }) => (event as { input: MiniappPaymentInput }).input,
            onDone: { target: 'app', description: 'The payment screens close' },
          },
        },
        topup: {
          description: 'The top-up screen (the miniapp-topup flow).',
          tags: ['screen.topup'],
          invoke: {
            id: 'topup',
            src: 'topup',
            input: ({ event }) => (event as { input: MiniappTopupInput }).input,
            onDone: {
              target: 'app',
              actions: emit(({ event }) => ({ type: 'topup.answered' as const, output: event.output })),
              description: 'The top-up screen closes',
            },
          },
        },
        dialog: {
          description: "The app's alert, error sheet or update warning.",
          tags: ['screen.dialog'],
          on: { 'dialog.answer': { target: 'app', actions: ['answerDialog', 'hideDialog'], description: 'The user presses one of its buttons' } },
        },
        webview: {
          description: 'A web page over the app (modal or slide), or the note that it opens in the browser (external).',
          tags: ['screen.webview'],
          on: {
            'webview.close': [
              {
                guard: 'inWallet',
                target: 'app',
                actions: ['hideWebview', 'returnToPage'],
                description: "The user closes the web view: the app's page appears again",
              },
              { target: 'app', actions: 'hideWebview', description: 'The user closes the note' },
            ],
          },
        },
      },
    },
    closed: {
      description: 'The mini app is closed; opening it again starts a new session.',
      tags: ['screen.closed'],
      type: 'final',
    },
  },
})
