import QRCode from 'qrcode'
import { compareVersions, featureMinVersions, minimumVersionOf, supportsFunction } from '@/domain/miniapp/versions.ts'
import * as v from 'valibot'
import { makePaymentParamsSchema, ppCallMessageSchema, ppFunctionNames, type MiniAppUser, type PpEvent, type PpFunctionName } from '@/domain/miniapp-runtime.ts'
import {
  miniAppPermissions,
  type BridgeError,
  type BridgeErrorCode,
  type MiniAppManifest,
  type MiniAppPermission,
  type MiniAppWindow,
} from '@/domain/miniapp/types.ts'
import { httpBridgeApi, type BridgeApi } from './api.ts'

/**
 * The portal side of the mini-app bridge (issue 21; contract: /work/notes/miniapp-contract.md). The mini app runs in
 * the studio's `<iframe sandbox="allow-scripts allow-forms">` (opaque origin) with the pp client
 * (`pp-client.ts`); its calls arrive here as postMessage, are checked against the rules of spec §4/§5/§6/§8/§9 and
 * answered through the studio's screens (`StudioUi`) and the server (`api.ts`: real sandbox money).
 *
 * Rules, in the order a call meets them:
 *  1. only messages whose `source` is the studio's frame are read (its origin is 'null');
 *  2. a forced error of the tester's controls for this function answers it (once: `onForcedUsed` tells the studio);
 *  3. nothing but pp.init works before pp.init has succeeded (the lifecycle registrations excepted);
 *  4. a function whose feature needs a newer wallet than the tester's app version fails as the real app does (§9);
 *  5. the network control: offline → NOT_REACHABLE for what needs the network, slow → a delay;
 *  6. the function itself (scopes, whitelist, value checks, screens).
 * success and fail may be called one or more times, complete at most once (§4): every call here ends with complete,
 * except the registrations for events (pageWillAppear, pageWillDisappear, detectShakeMotion), which get `success`
 * through the event messages each time the event happens.
 */
export interface StudioControls {
  userId: string
  appVersion: string
  lang: 'ja' | 'en'
  nextPaymentOutcome: 'success' | 'cancel' | 'insufficient' | 'timeout' | 'server_error'
  forced: Partial<Record<string, BridgeErrorCode>>
  network: 'online' | 'offline' | 'slow'
  /** Apps installed on the simulated phone (package names or URL schemes, as pp.checkAppInstall names them). */
  installedApps: string[]
  /** The app has an unread notification (the red dot on its entry): pp.loadNotificationStatus answers it. */
  hasNewNotification: boolean
}
export interface StudioUi {
  consent(request: { permissions: MiniAppPermission[] }): Promise<{ granted: MiniAppPermission[] } | 'cancelled'>
  payment(details: { title: string; amount: number; balance: number }): Promise<'pay' | 'cancel'>
  completion(result: { appName: string; amount: number; status: 'Success' | 'Failed' | 'PreAuth'; orderId: string; cashback?: number }): Promise<void>
  topup(details: { balance: number; fixedAmounts: number[] }): Promise<{ amount: number } | 'cancelled'>
  alert(o: { title?: string; message: string; buttons?: string[] }): Promise<number>
  errorSheet(o: { title?: string; message: string }): Promise<void>
  setTitle(title: string): void
  setNavigation(o: { style?: 'default' | 'custom' | 'none'; backgroundColor?: string; textStyle?: 'white' | 'black' }): void
  setBackgroundColor(color: string): void
  setBrightness(value: number): void
  setPullDownRefresh(enabled: boolean): void
  /** `query`: the URL parameters of navigateTo/redirectTo (an addition to the contract; the studio may append it to the page's src). */
  navigate(o: { kind: 'navigateTo' | 'redirectTo' | 'navigateBack' | 'switchTab' | 'popAll'; page?: string; query?: string }): void
  openWebview(o: { url: string; style: 'modal' | 'slide' | 'external' }): void
  closeApp(): void
  /** pp.openAppSettings: the wallet's settings of this mini app (the scopes the user granted). */
  openSettings?(): void
  showUpdateWarning(o: { isMandatory: boolean }): Promise<'update' | 'later'>
}
export interface BridgeLogEntry {
  at: string
  direction: 'call' | 'answer' | 'event'
  name: string
  id?: string
  params?: unknown
  result?: unknown
  error?: BridgeError
  ms?: number
}

/** `a < b` for dotted versions ('2.39.0' < '2.40.0'). */
export const versionBelow = (a: string, b: string) => compareVersions(a, b) < 0

/** Colours the wallet accepts: `#rgb` or `#rrggbb` (anything else: the setter does nothing, spec §5). */
export const isColour = (value: unknown): value is string => typeof value === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value)

/** The well-formed values of a window (a malformed one does nothing: the page falls back to app.json's, spec §5). */
function wellFormedWindow(w: Partial<Record<keyof MiniAppWindow, unknown>> | undefined): MiniAppWindow {
  if (!w) return {}
  const out: MiniAppWindow = {}
  if (isColour(w.navigationBarBackgroundColor)) out.navigationBarBackgroundColor = w.navigationBarBackgroundColor
  if (isColour(w.backgroundColor)) out.backgroundColor = w.backgroundColor
  if (w.navigationBarTextStyle === 'white' || w.navigationBarTextStyle === 'black') out.navigationBarTextStyle = w.navigationBarTextStyle
  if (w.navigationStyle === 'default' || w.navigationStyle === 'custom' || w.navigationStyle === 'none') out.navigationStyle = w.navigationStyle
  if (typeof w.navigationBarTitleText === 'string') out.navigationBarTitleText = w.navigationBarTitleText
  if (typeof w.enablePullDownRefresh === 'boolean') out.enablePullDownRefresh = w.enablePullDownRefresh
  return out
}

/**
 * The window a page is shown with (spec §3): app.json's `window`, each value overridden by the page's own json
 * (`pages/home/home.json`, the manifest's `pageWindows`) when that value is well-formed, as the wallet does.
 */
export function windowOf(manifest: MiniAppManifest | undefined, page: string | undefined): MiniAppWindow {
  const folder = (page ?? '').split('?', 1)[0]!.replace(/^\/+|\/+$/g, '')
  return { ...wellFormedWindow(manifest?.window), ...wellFormedWindow(manifest?.pageWindows?.[folder]) }
}

/** `cakeshop://`, `CakeShop:` and `cakeshop` name the same app; package names compare without case. */
const appKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/:(\/\/)?$/, '')

const lifecycleRegistrations = new Set<string>(['pageWillAppear', 'pageWillDisappear'])
const eventRegistrations = new Set<string>(['pageWillAppear', 'pageWillDisappear', 'detectShakeMotion'])
/** What needs the network: offline they fail NOT_REACHABLE. */
const networked = new Set<string>([
  'getUAID',
  'getUserProfile',
  'getKycInformation',
  'getBalance',
  'makePayment',
  'topup',
  'request',
  'loadNotificationStatus',
  'openWebview',
])
/** Networked, but not delayed by the slow network: the request and the web page are slow themselves. */
const slowOnTheirOwn = new Set<string>(['request', 'openWebview'])

const topupAmounts = [1_000, 3_000, 5_000, 10_000]
const slowDelayMs = 2_000

/** Sizes of the studio's phone (points), answered by getTopBarHeight. */
const statusBarHeight = 44
const navigationBarHeight = 44

class BridgeFailure extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}
const failWith = (code: BridgeErrorCode, message: string, extra?: Record<string, unknown>): never => {
  throw new BridgeFailure(code, message, extra)
}

/** Session and storage data of one app: storage kept in the browser (per app id), session data until the app closes. */
function appStorage(appId: string) {
  const key = `paylab.miniapp.storage.${appId}`
  let memory: Record<string, string> = {}
  const store = typeof localStorage === 'undefined' ? undefined : localStorage
  const read = (): Record<string, string> => {
    if (!store) return memory
    try {
      const parsed = v.safeParse(v.record(v.string(), v.string()), JSON.parse(store.getItem(key) ?? '{}'))
      return parsed.success ? parsed.output : {}
    } catch {
      return {}
    }
  }
  const write = (data: Record<string, string>) => {
    if (store) store.setItem(key, JSON.stringify(data))
    else memory = data
  }
  return { read, write }
}

/** Stored data arrives as `data` (the API reference's name) or `value`; it is answered under both. */
const valueOf = (p: Record<string, unknown>) => (p.data !== undefined ? p.data : (p.value ?? null))
const answerValue = (key: string, stored: string) => {
  const value = JSON.parse(stored) as unknown
  return { key, data: value, value }
}

const sessions = new Map<string, Map<string, string>>()
const launchOptions = new Map<string, { text?: string; options?: unknown }>()

export function createBridgeHost(o: {
  frame: () => HTMLIFrameElement | null
  app: { appId: string; manifest: MiniAppManifest }
  controls: () => StudioControls
  ui: StudioUi
  onLog: (entry: BridgeLogEntry) => void
  consents: { get(): MiniAppPermission[] | undefined; set(p: MiniAppPermission[] | undefined): void }
  /** The server (default: `/dev/v1/miniapp/*` through the portal's http client). */
  api?: BridgeApi
  /** The window whose messages are read (default: the page's). */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** A forced error was used up: the studio clears it from its controls ("forced … on its next call"). */
  onForcedUsed?: (name: string) => void
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}) {
  const { app, ui } = o
  const manifest = app.manifest
  const api = o.api ?? httpBridgeApi
  const win = o.window ?? window
  const now = o.now ?? (() => Date.now())
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const storage = appStorage(app.appId)
  const session = sessions.get(app.appId) ?? new Map<string, string>()
  sessions.set(app.appId, session)
  const entry = (manifest.pages[0] ?? '').replace(/^\/+|\/+$/g, '')
  const pages = manifest.pages.map((p) => p.replace(/^\/+|\/+$/g, ''))
  let stack: string[] = [entry]
  let initialised = false
  let disposed = false
  const registered = new Map<PpEvent, Set<string>>()

  const log = (e: Omit<BridgeLogEntry, 'at'>) => o.onLog({ at: new Date(now()).toISOString(), ...e })

  const post = (message: Record<string, unknown>) => {
    const target = o.frame()?.contentWindow
    // the frame has an opaque origin ('null'): '*' is the only target origin that reaches it; the frame is ours
    target?.postMessage({ pp: 1, ...message }, '*')
  }

  const consented = (): MiniAppPermission[] => o.consents.get() ?? []
  const requireScope = (...scopes: MiniAppPermission[]) => {
    if (!scopes.some((s) => consented().includes(s))) failWith('INSUFFICIENT_SCOPE', `insufficient scope: ${scopes.join(' or ')}`)
  }
  const params = (raw: unknown): Record<string, unknown> =>
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  const str = (p: Record<string, unknown>, key: string, required = true): string => {
    const value = p[key]
    if (typeof value === 'string' && value !== '') return value
    if (value === undefined || value === null || value === '') {
      if (required) failWith('BAD_REQUEST_INSUFFICIENT_PARAMETER', `${key} is required`)
      return ''
    }
    return failWith('INVALID_DATA', `${key} must be a string`)
  }

  let users: Promise<MiniAppUser[]> | undefined
  const currentUser = async (fresh = false) => {
    if (fresh || !users) users = api.users()
    const list = await users.catch((error: unknown) => {
      users = undefined
      throw error
    })
    const user = list.find((u) => u.id === o.controls().userId) ?? failWith('NO_VALUE_FOUND', 'no test user signed in')
    return user
  }
  const serverFailure = (error: unknown): never => {
    if (error instanceof BridgeFailure) throw error
    return failWith('SERVER_ERROR', 'server error')
  }

  /** A page named by a navigation call (`pages/detail`, `/pages/detail/detail.html`, `pages/detail?x=1`). */
  const pageOfUrl = (raw: string) => {
    const [path = '', query] = raw.split('?', 2)
    let page = path.replace(/^\/+|\/+$/g, '')
    const last = page.slice(page.lastIndexOf('/') + 1)
    if (last.endsWith('.html')) page = page.slice(0, page.lastIndexOf('/'))
    return { page, query }
  }
  const navigate = (kind: 'navigateTo' | 'redirectTo' | 'navigateBack' | 'switchTab' | 'popAll', page?: string, query?: string) => {
    ui.navigate({ kind, ...(page === undefined ? {} : { page }), ...(query ? { query } : {}) })
  }
  const whitelisted = (host: string) =>
    (manifest.whiteListDomains ?? []).some(
      (entry) =>
        entry
          .trim()
          .toLowerCase()
          .replace(/^https:\/\//, '')
          .replace(/\/+$/, '') === host.toLowerCase(),
    )

  /** The functions of §7: each answers its success result or throws a BridgeFailure. */
  const handlers: Record<PpFunctionName, (p: Record<string, unknown>) => Promise<unknown>> = {
    async init() {
      if (o.consents.get() === undefined) {
        const asked = (manifest.permissions ?? []).filter((perm) => miniAppPermissions.includes(perm))
        if (asked.length > 0 && !versionBelow(o.controls().appVersion, featureMinVersions.userConsent)) {
          const answer = await ui.consent({ permissions: asked })
          if (answer === 'cancelled') failWith('USER_CANCELED', 'user canceled')
          else o.consents.set(answer.granted.filter((g) => asked.includes(g)))
        } else o.consents.set([])
      }
      initialised = true
      return { status: 'SUCCESS' }
    },
    async getUAID() {
      const user = await currentUser()
      return api.uaid({ appId: app.appId, userId: user.id }).catch(serverFailure)
    },
    async getUserProfile() {
      requireScope('mini_app_user_name', 'mini_app_user_nickname', 'mini_app_user_avatar', 'mini_app_user_email_address')
      const { profile } = await currentUser()
      const has = (s: MiniAppPermission) => consented().includes(s)
      return {
        fullName: has('mini_app_user_name') ? profile.fullName : null,
        nickName: has('mini_app_user_nickname') ? profile.nickName : null,
        avatarUrl: has('mini_app_user_avatar') ? profile.avatarUrl : null,
        email: has('mini_app_user_email_address') ? profile.email : null,
        phoneNumber: has('mini_app_user_phone_number') ? profile.phoneNumber : null,
      }
    },
    async getKycInformation() {
      requireScope('mini_app_kyc')
      return (await currentUser()).kyc
    },
    async getBalance() {
      requireScope('mini_app_payment_balance')
      return { balance: (await currentUser(true)).balance }
    },
    async makePayment(p) {
      const parsed = v.safeParse(makePaymentParamsSchema, p)
      if (!parsed.success) {
        const missing = parsed.issues.some((i) => i.received === 'undefined')
        return failWith(missing ? 'BAD_REQUEST_INSUFFICIENT_PARAMETER' : 'INVALID_DATA', `${v.getDotPath(parsed.issues[0]) ?? ''}: ${parsed.issues[0].message}`)
      }
      const request = parsed.output
      if (request.isAuthorization && versionBelow(o.controls().appVersion, featureMinVersions.preAuth))
        failWith('UNKNOWN', `pre-authorisation needs app version ${featureMinVersions.preAuth}`)
      const user = await currentUser(true)
      const choice = await ui.payment({ title: request.orderDescription ?? manifest.appName, amount: request.amount.amount, balance: user.balance })
      if (choice === 'cancel') failWith('USER_CANCELED', 'user canceled')
      const answer = await api.pay({ appId: app.appId, userId: user.id, request, outcome: o.controls().nextPaymentOutcome }).catch(serverFailure)
      users = undefined
      const shown = answer.status === 'COMPLETED' ? 'Success' : answer.status === 'AUTHORIZED' ? 'PreAuth' : 'Failed'
      if (answer.error?.errorCode !== 'USER_CANCELED' && answer.error?.errorCode !== 'TIME_OUT')
        await ui.completion({ appName: manifest.appName, amount: answer.amount, status: shown, orderId: answer.merchantPaymentId })
      if (answer.error) failWith(answer.error.errorCode, answer.error.errorMessage)
      return { status: answer.status, paymentId: answer.paymentId, merchantPaymentId: answer.merchantPaymentId, jws: answer.jws }
    },
    async topup(p) {
      const user = await currentUser(true)
      const merchantTopupId = p.merchantTopupId === undefined ? `TOPUP-${now()}` : str(p, 'merchantTopupId')
      const answer = await ui.topup({ balance: user.balance, fixedAmounts: topupAmounts })
      if (answer === 'cancelled') return failWith('USER_CANCELED', 'user canceled')
      const done = await api
        .topup({ appId: app.appId, userId: user.id, amount: answer.amount, merchantTopupId })
        .catch(() => failWith('SERVER_ERROR', 'Topup failed'))
      users = undefined
      return { jws: done.jws, balance: done.balance }
    },
    async request(p) {
      const url = str(p, 'url')
      const network = o.controls().network === 'slow' ? 'slow' : 'online'
      const answer = await api
        .request({ appId: app.appId, url, method: typeof p.method === 'string' ? p.method : undefined, header: p.header, data: p.data, network })
        .catch(serverFailure)
      if ('errorCode' in answer) failWith(answer.errorCode, answer.errorMessage, 'statusCode' in answer ? { statusCode: answer.statusCode } : {})
      return answer
    },
    async generateCodeImage(p) {
      const data = str(p, 'data')
      const type = p.type ?? 'qrcode'
      if (type !== 'qrcode') failWith('COULD_NOT_GENERATE_BARCODE', 'only qrcode is supported')
      const size = params(p.size)
      const width = typeof size.width === 'number' && size.width > 0 ? Math.min(Math.round(size.width), 1024) : 256
      try {
        return { path: await QRCode.toDataURL(data, { width, margin: 1 }) }
      } catch {
        return failWith('COULD_NOT_GENERATE_BARCODE', 'could not generate code')
      }
    },
    async setScreenBrightness(p) {
      const value = p.value
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) return failWith('INVALID_DATA', 'value must be 0.0 to 1.0')
      ui.setBrightness(value)
      return {}
    },
    async setNavigationStyle(p) {
      const style = p.style
      if (style === 'default' || style === 'custom' || style === 'none') ui.setNavigation({ style })
      return {}
    },
    async loadNotificationStatus() {
      return { hasNewNotification: o.controls().hasNewNotification === true }
    },
    async showUpdateWarning(p) {
      return { userAction: await ui.showUpdateWarning({ isMandatory: p.isMandatory === true }) }
    },
    async setEnablePullDownRefresh(p) {
      if (typeof p.enabled !== 'boolean') return failWith('INVALID_DATA', 'enabled must be true or false')
      ui.setPullDownRefresh(p.enabled)
      return {}
    },
    async pageWillAppear() {
      return undefined
    },
    async pageWillDisappear() {
      return undefined
    },
    async requestPermission(p) {
      const wanted = (Array.isArray(p.permissions) ? p.permissions : typeof p.name === 'string' ? [p.name] : []).filter(
        (x): x is MiniAppPermission => typeof x === 'string' && (miniAppPermissions as readonly string[]).includes(x),
      )
      if (wanted.length === 0) failWith('BAD_REQUEST_INSUFFICIENT_PARAMETER', 'permissions are required')
      const registeredPerms = manifest.permissions ?? []
      if (wanted.some((w) => !registeredPerms.includes(w))) failWith('INVALID_DATA', 'a permission the app did not register')
      const missing = wanted.filter((w) => !consented().includes(w))
      if (missing.length > 0) {
        const answer = await ui.consent({ permissions: missing })
        if (answer === 'cancelled') failWith('USER_CANCELED', 'user canceled')
        else o.consents.set([...new Set([...consented(), ...answer.granted.filter((g) => missing.includes(g))])])
      }
      return { granted_permissions: consented() }
    },
    async getPermissionStatus(p) {
      const name = str(p, 'name')
      return { status: consented().some((c) => c === name) ? 'GRANTED' : 'DENIED', granted_permissions: consented() }
    },
    async openAppSettings() {
      ui.openSettings?.()
      return {}
    },
    async getUserLocation(p) {
      const minutes = p.validTimeMinutes
      if (minutes !== undefined && (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0))
        return failWith('INVALID_DATA', 'validTimeMinutes must not be 0')
      // the studio's phone is in front of Tokyo Station
      return { latitude: 35.681236, longitude: 139.767125, accuracy: 20, timestamp: now() }
    },
    async navigateTo(p) {
      const { page, query } = pageOfUrl(str(p, 'url'))
      if (!pages.includes(page)) failWith('INVALID_URL', 'page not in app.json pages')
      stack.push(page)
      navigate('navigateTo', page, query)
      return {}
    },
    async redirectTo(p) {
      const { page, query } = pageOfUrl(str(p, 'url'))
      if (!pages.includes(page)) failWith('INVALID_URL', 'page not in app.json pages')
      stack[stack.length - 1] = page
      navigate('redirectTo', page, query)
      return {}
    },
    async navigateBack() {
      if (stack.length <= 1) failWith('NO_VALUE_FOUND', 'no page to go back to')
      stack.pop()
      navigate('navigateBack', stack[stack.length - 1])
      return {}
    },
    async popAll() {
      stack = [stack[0] ?? entry]
      navigate('popAll', stack[0])
      return {}
    },
    async switchTab(p) {
      const url = str(p, 'url')
      const { page, query } = pageOfUrl(url)
      if (query !== undefined) failWith('INVALID_URL', 'switchTab takes no URL parameters')
      const tabs = (manifest.tabBar?.list ?? []).map((t) => t.pagePath.replace(/^\/+|\/+$/g, ''))
      if (!tabs.includes(page)) failWith('INVALID_URL', 'not a registered tab')
      stack = [page]
      navigate('switchTab', page)
      return {}
    },
    async openWebview(p) {
      const raw = str(p, 'url')
      let url: URL
      try {
        url = new URL(raw)
      } catch {
        return failWith('INVALID_URL', 'invalid url')
      }
      if (url.protocol !== 'https:') failWith('INVALID_URL', 'invalid url')
      if (!whitelisted(url.hostname)) failWith('NONE_WHITELIST_DOMAIN', 'none whitelist domain')
      const style = p.style === 'modal' || p.style === 'external' ? p.style : 'slide'
      ui.openWebview({ url: url.toString(), style })
      return {}
    },
    async openMap() {
      // the studio has no map app: the wallet's answer when none is installed
      return failWith('MAP_APP_NOT_FOUND', 'map app not found')
    },
    async closeApp() {
      session.clear()
      ui.closeApp()
      return {}
    },
    async setStorageData(p) {
      const key = str(p, 'key')
      const data = storage.read()
      data[key] = JSON.stringify(valueOf(p))
      storage.write(data)
      return {}
    },
    async getStorageData(p) {
      const key = str(p, 'key')
      const stored = storage.read()[key]
      if (stored === undefined) return failWith('NO_VALUE_FOUND', 'no value found')
      return answerValue(key, stored)
    },
    async removeStorageData(p) {
      const key = str(p, 'key')
      const data = storage.read()
      delete data[key]
      storage.write(data)
      return {}
    },
    async setSessionData(p) {
      session.set(str(p, 'key'), JSON.stringify(valueOf(p)))
      return {}
    },
    async getSessionData(p) {
      const key = str(p, 'key')
      const stored = session.get(key)
      if (stored === undefined) return failWith('NO_VALUE_FOUND', 'no value found')
      return answerValue(key, stored)
    },
    async getPlatformInformation() {
      return { appVersion: o.controls().appVersion, sdkVersion: manifest.baseLibraryVersion, platform: 'PayLab studio', language: o.controls().lang }
    },
    async checkAppInstall(p) {
      const target = typeof p.packageName === 'string' ? p.packageName : typeof p.scheme === 'string' ? p.scheme : typeof p.appId === 'string' ? p.appId : ''
      if (!target) failWith('BAD_REQUEST_INSUFFICIENT_PARAMETER', 'packageName or scheme is required')
      const installed = (o.controls().installedApps ?? []).map(appKey).filter(Boolean)
      return { status: installed.includes(appKey(target)) ? 'INSTALLED' : 'NOT_INSTALLED' }
    },
    async registerAppLaunchOptions(p) {
      const text = typeof p.text === 'string' ? p.text : undefined
      if (text === undefined && p.options === undefined) failWith('NULL_OPTION', 'text or options is required')
      launchOptions.set(app.appId, { ...(text !== undefined ? { text } : {}), ...(p.options !== undefined ? { options: p.options } : {}) })
      return {}
    },
    async getAppLaunchOptions() {
      return launchOptions.get(app.appId) ?? failWith('NULL_OPTION', 'no launch options')
    },
    async showAlert(p) {
      const message = str(p, 'message')
      const title = typeof p.title === 'string' ? p.title : undefined
      const buttons = Array.isArray(p.buttons) ? p.buttons.filter((b): b is string => typeof b === 'string').slice(0, 3) : undefined
      const index = await ui.alert({ message, ...(title !== undefined ? { title } : {}), ...(buttons ? { buttons } : {}) })
      return { index }
    },
    async setTitle(p) {
      ui.setTitle(str(p, 'title'))
      return {}
    },
    async showErrorSheet(p) {
      const message = str(p, 'message')
      await ui.errorSheet({ message, ...(typeof p.title === 'string' ? { title: p.title } : {}) })
      return {}
    },
    async detectShakeMotion() {
      return undefined
    },
    async getTopBarHeight() {
      const style = windowOf(manifest, stack[stack.length - 1] ?? entry).navigationStyle ?? 'default'
      return { height: style === 'default' ? statusBarHeight + navigationBarHeight : statusBarHeight, statusBarHeight }
    },
    async setNavigationBarBackgroundColor(p) {
      if (isColour(p.color)) ui.setNavigation({ backgroundColor: p.color })
      return {}
    },
    async setNavigationBarTextStyle(p) {
      if (p.style === 'white' || p.style === 'black') ui.setNavigation({ textStyle: p.style })
      return {}
    },
    async setBackgroundColor(p) {
      if (isColour(p.color)) ui.setBackgroundColor(p.color)
      return {}
    },
  }

  const isFunction = (name: string): name is PpFunctionName => (ppFunctionNames as readonly string[]).includes(name)

  async function dispatch(id: string, name: string, raw: unknown) {
    const started = now()
    const p = params(raw)
    log({ direction: 'call', name, id, params: raw })
    const answer = (kind: 'success' | 'fail', result: unknown) => {
      if (disposed) return
      post({ id, kind, result })
      post({ id, kind: 'complete' })
      log({ direction: 'answer', name, id, ms: now() - started, ...(kind === 'success' ? { result } : { error: result as BridgeError }) })
    }
    try {
      const controls = o.controls()
      const forced = controls.forced[name]
      if (forced) {
        o.onForcedUsed?.(name)
        failWith(forced, `forced by the studio: ${forced}`)
      }
      if (!isFunction(name)) return failWith('UNKNOWN', `pp.${name} is not a function of the bridge`)
      if (!initialised && name !== 'init' && !lifecycleRegistrations.has(name)) failWith('UNKNOWN', 'pp.init must succeed first')
      if (!supportsFunction(controls.appVersion, name)) failWith('UNKNOWN', `pp.${name} needs app version ${minimumVersionOf(name)} or later`)
      if (networked.has(name)) {
        if (controls.network === 'offline') failWith('NOT_REACHABLE', 'networking not reachable')
        if (controls.network === 'slow' && !slowOnTheirOwn.has(name)) await sleep(slowDelayMs)
      }
      if (eventRegistrations.has(name)) {
        const event: PpEvent = name === 'detectShakeMotion' ? 'shake' : name === 'pageWillAppear' ? 'pageWillAppear' : 'pageWillDisappear'
        const set = registered.get(event) ?? new Set()
        set.add(id)
        registered.set(event, set)
        log({ direction: 'answer', name, id, ms: now() - started, result: 'registered' })
        return
      }
      answer('success', await handlers[name](p))
    } catch (error) {
      if (error instanceof BridgeFailure) answer('fail', { errorCode: error.code, errorMessage: error.message, ...error.extra })
      else answer('fail', { errorCode: 'UNKNOWN', errorMessage: error instanceof Error ? error.message : String(error) })
    }
  }

  const onMessage = (e: Event) => {
    const message = e as MessageEvent
    const frameWindow = o.frame()?.contentWindow
    if (disposed || !frameWindow || message.source !== frameWindow) return
    const parsed = v.safeParse(ppCallMessageSchema, message.data)
    if (!parsed.success) return
    void dispatch(parsed.output.id, parsed.output.name, parsed.output.params)
  }
  win.addEventListener('message', onMessage)

  return {
    dispose() {
      disposed = true
      win.removeEventListener('message', onMessage)
    },
    /** An event to the page in the frame (lifecycle, pull-down refresh, shake). */
    emit(event: PpEvent, data?: unknown) {
      if (disposed) return
      post({ event, ...(data === undefined ? {} : { data }) })
      log({ direction: 'event', name: event, ...(data === undefined ? {} : { result: data }) })
    },
    /** The page on top of the host's stack (`pages/home`). */
    currentPage: () => stack[stack.length - 1] ?? entry,
    /** The user pressed back or a tab in the phone: the host's page stack follows (no bridge call is involved). */
    userNavigate(o: { kind: 'navigateBack' | 'switchTab'; page: string }) {
      if (o.kind === 'switchTab') stack = [o.page]
      else if (stack.length > 1) stack.pop()
      log({ direction: 'event', name: o.kind, result: { page: o.page } })
    },
  }
}
