import { createActor, type ActorRefFrom } from 'xstate'
import type { MiniAppManifest, MiniAppPermission } from '@/domain/miniapp/types.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { miniappConsentMachine } from '@machines/miniapp-consent.machine.ts'
import { miniappPaymentMachine, type MiniappPaymentStatus } from '@machines/miniapp-payment.machine.ts'
import { miniappTopupMachine } from '@machines/miniapp-topup.machine.ts'
import { windowOf, type StudioUi } from './bridge/host.ts'

/**
 * What the studio's phone shows, outside React: the wallet's chrome (title, navigation bar style and colours,
 * background, brightness, pull-down refresh, the page stack) and the one screen the wallet lays over the app
 * (consent, payment, top-up, alert, error sheet, update warning, webview). `ui` is the StudioUi the bridge host
 * drives; consent, payment and top-up are the machines in machines/, started per call (visible with `?inspect`).
 */

export type NavigationStyle = 'default' | 'custom' | 'none'

export type Sheet =
  | { kind: 'consent'; actor: ActorRefFrom<typeof miniappConsentMachine> }
  | { kind: 'payment'; actor: ActorRefFrom<typeof miniappPaymentMachine> }
  | { kind: 'topup'; actor: ActorRefFrom<typeof miniappTopupMachine> }
  | { kind: 'alert'; title?: string; message: string; buttons: string[]; answer: (index: number) => void }
  | { kind: 'errorSheet'; title?: string; message: string; answer: () => void }
  | { kind: 'updateWarning'; isMandatory: boolean; answer: (choice: 'update' | 'later') => void }
  | { kind: 'webview'; url: string; style: 'modal' | 'slide' | 'external'; answer: () => void }

export interface PhoneState {
  /** Set by pp.setTitle; null: the page's or the window's title. */
  title: string | null
  navigationStyle: NavigationStyle
  navigationBarBackgroundColor: string
  navigationBarTextStyle: 'white' | 'black'
  backgroundColor: string
  /** 0: the device's own brightness (pp.setScreenBrightness 0 resets). */
  brightness: number
  pullDownRefresh: boolean
  /** Page folders, the last one shown ('pages/home', possibly with '?query'). */
  stack: string[]
  sheet: Sheet | null
  closed: boolean
  /** Changes whenever the frame must load its page again (navigation, reload). */
  loadCount: number
  /** Changes whenever the app asks for its settings (pp.openAppSettings): the phone opens the menu's Settings. */
  settingsAsked: number
}

const colourPattern = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/

type PageChrome = Pick<PhoneState, 'navigationStyle' | 'navigationBarBackgroundColor' | 'navigationBarTextStyle' | 'backgroundColor' | 'pullDownRefresh'>

/** The chrome a page opens with: app.json's `window` under the page's own json (spec §3); the wallet's defaults. */
export function pageChrome(manifest: MiniAppManifest | undefined, page: string | undefined): PageChrome {
  const w = windowOf(manifest, page)
  return {
    navigationStyle: w.navigationStyle ?? 'default',
    navigationBarBackgroundColor: w.navigationBarBackgroundColor ?? '#ffffff',
    navigationBarTextStyle: w.navigationBarTextStyle === 'white' ? 'white' : 'black',
    backgroundColor: w.backgroundColor ?? '#ffffff',
    pullDownRefresh: w.enablePullDownRefresh === true,
  }
}

/** The phone showing `stack` (default: the entry page) of the app. */
export function initialPhoneState(manifest: MiniAppManifest | undefined, stack: string[] = manifest?.pages[0] ? [manifest.pages[0]] : []): PhoneState {
  return {
    title: null,
    ...pageChrome(manifest, stack.at(-1)),
    brightness: 0,
    stack,
    sheet: null,
    closed: false,
    loadCount: 0,
    settingsAsked: 0,
  }
}

/** `pages/home?x=1` → `/miniapp-run/<appId>/pages/home/home.html?x=1` (contract: the page folder's html named after it). */
export function pageUrl(appId: string, page: string): string {
  const [path = '', query] = page.replace(/^\/+/, '').split('?', 2)
  const name = path.split('/').filter(Boolean).at(-1) ?? 'index'
  return `/miniapp-run/${encodeURIComponent(appId)}/${path}/${name}.html${query ? `?${query}` : ''}`
}

export function pagePath(page: string): string {
  return page.split('?', 1)[0]!.replace(/^\/+/, '')
}

export interface PhoneStore {
  get(): PhoneState
  subscribe(listener: () => void): () => void
  ui: StudioUi
  /** The user's own moves in the chrome. */
  back(): void
  switchTab(page: string): void
  reopen(): void
  reload(manifest: MiniAppManifest | undefined): void
  /** The host answered makePayment with an error while the payment screen waited for the sandbox. */
  abortPayment(): void
}

export function createPhoneStore(options: {
  manifest: () => MiniAppManifest | undefined
  /** Called before the frame leaves its page (pageWillDisappear). */
  onLeave?: () => void
  /** The app's page is shown again without loading (a web view closed): pageWillAppear. */
  onReturn?: () => void
  /** The user moved in the wallet's chrome (back button, tab bar): the host's page stack should follow. */
  onUserNavigate?: (o: { kind: 'navigateBack' | 'switchTab'; page: string }) => void
}): PhoneStore {
  let state = initialPhoneState(options.manifest())
  const listeners = new Set<() => void>()
  const set = (patch: Partial<PhoneState>) => {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }
  const go = (stack: string[]) => {
    if (!stack.length) return
    options.onLeave?.()
    // every page opens with its own window values (app.json's `window` under the page's json)
    set({ stack, title: null, ...pageChrome(options.manifest(), stack.at(-1)), loadCount: state.loadCount + 1 })
  }
  const closeSheet = (sheet: Sheet) => {
    if (state.sheet === sheet) set({ sheet: null })
  }
  const appName = () => options.manifest()?.appName ?? ''
  let payment: ActorRefFrom<typeof miniappPaymentMachine> | null = null

  const ui: StudioUi = {
    consent: ({ permissions }) =>
      new Promise((resolve) => {
        const actor = createActor(miniappConsentMachine, { input: { appName: appName(), permissions }, inspect: inspectOption() })
        const sheet: Sheet = { kind: 'consent', actor }
        actor.subscribe({
          complete: () => {
            closeSheet(sheet)
            resolve(actor.getSnapshot().output ?? 'cancelled')
          },
        })
        actor.start()
        set({ sheet })
      }),
    payment: ({ title, amount, balance }) =>
      new Promise((resolve) => {
        const actor = createActor(miniappPaymentMachine, { input: { appName: appName(), title, amount, balance }, inspect: inspectOption() })
        const sheet: Sheet = { kind: 'payment', actor }
        payment = actor
        let answered = false
        actor.subscribe((snapshot) => {
          if (answered) return
          if (snapshot.matches('processing')) {
            answered = true
            resolve('pay')
          } else if (snapshot.status === 'done') {
            answered = true
            resolve('cancel')
          }
        })
        actor.subscribe({
          complete: () => {
            closeSheet(sheet)
            if (payment === actor) payment = null
          },
        })
        actor.start()
        set({ sheet })
      }),
    completion: (result) =>
      new Promise((resolve) => {
        let actor = payment
        if (!actor || !actor.getSnapshot().matches('processing')) {
          // a completion without a payment screen before it (the host settled it on its own): show it alone
          actor = createActor(miniappPaymentMachine, {
            input: { appName: result.appName, title: result.appName, amount: result.amount, balance: 0 },
            inspect: inspectOption(),
          })
          actor.start()
          actor.send({ type: 'payment.pay' })
          const sheet: Sheet = { kind: 'payment', actor }
          actor.subscribe({ complete: () => closeSheet(sheet) })
          set({ sheet })
        }
        actor.subscribe({ complete: () => resolve() })
        actor.send({
          type: 'payment.result',
          status: result.status as MiniappPaymentStatus,
          orderId: result.orderId,
          amount: result.amount,
          cashback: result.cashback,
        })
      }),
    topup: ({ balance, fixedAmounts }) =>
      new Promise((resolve) => {
        const actor = createActor(miniappTopupMachine, { input: { balance, fixedAmounts }, inspect: inspectOption() })
        const sheet: Sheet = { kind: 'topup', actor }
        actor.subscribe({
          complete: () => {
            closeSheet(sheet)
            resolve(actor.getSnapshot().output ?? 'cancelled')
          },
        })
        actor.start()
        set({ sheet })
      }),
    alert: ({ title, message, buttons }) =>
      new Promise((resolve) => {
        const sheet: Sheet = {
          kind: 'alert',
          title,
          message,
          buttons: buttons?.length ? buttons : [],
          answer: (index) => {
            closeSheet(sheet)
            resolve(index)
          },
        }
        set({ sheet })
      }),
    errorSheet: ({ title, message }) =>
      new Promise((resolve) => {
        const sheet: Sheet = {
          kind: 'errorSheet',
          title,
          message,
          answer: () => {
            closeSheet(sheet)
            resolve()
          },
        }
        set({ sheet })
      }),
    showUpdateWarning: ({ isMandatory }) =>
      new Promise((resolve) => {
        const sheet: Sheet = {
          kind: 'updateWarning',
          isMandatory,
          answer: (choice) => {
            closeSheet(sheet)
            resolve(choice)
          },
        }
        set({ sheet })
      }),
    openWebview: ({ url, style }) => {
      // modal and slide: the wallet's web view covers the app's page (which stays loaded underneath), with the
      // lifecycle of a navigation; external: the device's browser, the app is not left in the studio
      const inWallet = style !== 'external'
      if (inWallet) options.onLeave?.()
      const sheet: Sheet = {
        kind: 'webview',
        url,
        style,
        answer: () => {
          if (state.sheet !== sheet) return
          closeSheet(sheet)
          if (inWallet && !state.closed) options.onReturn?.()
        },
      }
      set({ sheet })
    },
    setTitle: (title) => set({ title }),
    setNavigation: ({ style, backgroundColor, textStyle }) =>
      set({
        ...(style ? { navigationStyle: style } : {}),
        ...(backgroundColor && colourPattern.test(backgroundColor) ? { navigationBarBackgroundColor: backgroundColor } : {}),
        ...(textStyle ? { navigationBarTextStyle: textStyle } : {}),
      }),
    setBackgroundColor: (color) => {
      if (colourPattern.test(color)) set({ backgroundColor: color })
    },
    setBrightness: (value) => set({ brightness: Math.min(1, Math.max(0, value)) }),
    setPullDownRefresh: (enabled) => set({ pullDownRefresh: enabled }),
    navigate: (o) => {
      const { kind, page } = o
      // `query`: the URL parameters of navigateTo/redirectTo, given apart from the page by the host
      const query = 'query' in o && typeof o.query === 'string' ? o.query : undefined
      const stack = state.stack
      const target = page ? `${page}${query ? `?${query}` : ''}` : undefined
      if (kind === 'navigateTo' && target) go([...stack, target])
      else if (kind === 'redirectTo' && target) go([...stack.slice(0, -1), target])
      else if (kind === 'navigateBack') {
        const back = stack.length > 1 ? stack.slice(0, -1) : stack
        // the host names the page it went back to: it wins if the two stacks ever differ
        go(target && pagePath(back.at(-1) ?? '') !== pagePath(target) ? [target] : back)
      } else if (kind === 'switchTab' && target) go([target])
      else if (kind === 'popAll') go(target && pagePath(stack[0] ?? '') !== pagePath(target) ? [target] : stack.slice(0, 1))
    },
    closeApp: () => {
      options.onLeave?.()
      set({ closed: true, sheet: null })
    },
    openSettings: () => set({ settingsAsked: state.settingsAsked + 1 }),
  }

  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    ui,
    back: () => {
      if (state.stack.length <= 1) return
      const stack = state.stack.slice(0, -1)
      go(stack)
      options.onUserNavigate?.({ kind: 'navigateBack', page: pagePath(stack.at(-1)!) })
    },
    switchTab: (page) => {
      go([page])
      options.onUserNavigate?.({ kind: 'switchTab', page })
    },
    reopen: () => {
      const fresh = initialPhoneState(options.manifest())
      set({ ...fresh, loadCount: state.loadCount + 1 })
    },
    abortPayment: () => {
      if (payment?.getSnapshot().matches('processing')) payment.send({ type: 'payment.abort' })
    },
    reload: (manifest) => {
      // the page shown stays when the new app still has it (a file changed on disk)
      const keep = state.stack.filter((p) => manifest?.pages.includes(pagePath(p)))
      const fresh = keep.length ? initialPhoneState(manifest, keep) : initialPhoneState(manifest)
      set({ ...fresh, loadCount: state.loadCount + 1 })
    },
  }
}

export type { MiniAppPermission }
