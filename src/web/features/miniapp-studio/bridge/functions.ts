import QRCode from 'qrcode'
import * as v from 'valibot'
import { featureMinVersions } from '@/domain/miniapp/versions.ts'
import { makePaymentParamsSchema, type MiniAppUser, type PpFunctionName } from '@/domain/miniapp-runtime.ts'
import { miniAppPermissions, type BridgeErrorCode, type MiniAppManifest, type MiniAppPermission } from '@/domain/miniapp/types.ts'
import type { MiniappSessionEvent } from '@machines/miniapp-session.machine.ts'
import { isColour, windowOf, type MiniappChrome, type MiniappDialogRequest } from '@machines/miniapp-session.ts'
import type { BridgeApi } from './api.ts'
import { appStorage, answerValue, launchOptions, sessionData, valueOf, versionBelow, type StudioControls } from './support.ts'

/**
 * The bridge's functions (spec §7 "Mini-app bridge"), each checked against §5/§6/§8/§9: what a call answers once the
 * session (machines/miniapp-session.machine.ts) has let it through the init gate. Screens and the page stack are the
 * session's: a function sends it events and waits for its screens through `BridgeContext`.
 */

export class BridgeFailure extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}
export const failWith = (code: BridgeErrorCode, message: string, extra?: Record<string, unknown>): never => {
  throw new BridgeFailure(code, message, extra)
}
/** A function whose answer the session gives (pp.requestPermission). */
export const answeredBySession = Symbol('answered by the session')

export interface BridgeContext {
  appId: string
  manifest: MiniAppManifest
  api: BridgeApi
  controls(): StudioControls
  appVersion(): string
  network(): 'online' | 'offline' | 'slow'
  granted(): MiniAppPermission[]
  currentPage(): string
  send(event: MiniappSessionEvent): void
  payment(details: { title: string; amount: number; balance: number }): Promise<'pay' | 'cancel'>
  completion(result: { amount: number; status: 'Success' | 'Failed' | 'PreAuth'; orderId: string }): Promise<void>
  abortPayment(): void
  topup(details: { balance: number; fixedAmounts: number[] }): Promise<{ amount: number } | 'cancelled'>
  dialog(dialog: MiniappDialogRequest): Promise<unknown>
  now(): number
}

const topupAmounts = [1_000, 3_000, 5_000, 10_000]
/** Sizes of the studio's phone (points), answered by getTopBarHeight. */
const statusBarHeight = 44
const navigationBarHeight = 44

/** `cakeshop://`, `CakeShop:` and `cakeshop` name the same app; package names compare without case. */
const appKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/:(\/\/)?$/, '')
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
/** A page named by a navigation call (`pages/detail`, `/pages/detail/detail.html`, `pages/detail?x=1`). */
const pageOfUrl = (raw: string) => {
  const [path = '', query] = raw.split('?', 2)
  let page = path.replace(/^\/+|\/+$/g, '')
  const last = page.slice(page.lastIndexOf('/') + 1)
  if (last.endsWith('.html')) page = page.slice(0, page.lastIndexOf('/'))
  return { page, query }
}
const folder = (page: string) => page.replace(/^\/+|\/+$/g, '')

/** The handlers of one app's bridge; the test user is looked up once and again after money moved. */
export function bridgeFunctions(b: BridgeContext): Record<PpFunctionName, (p: Record<string, unknown>) => Promise<unknown>> {
  const { manifest, api, appId } = b
  const storage = appStorage(appId)
  const session = sessionData(appId)
  const pages = manifest.pages.map(folder)
  let users: Promise<MiniAppUser[]> | undefined
  const currentUser = async (fresh = false) => {
    if (fresh || !users) users = api.users()
    const list = await users.catch((error: unknown) => {
      users = undefined
      throw error
    })
    return list.find((u) => u.id === b.controls().userId) ?? failWith('NO_VALUE_FOUND', 'no test user signed in')
  }
  const serverFailure = (error: unknown): never => {
    if (error instanceof BridgeFailure) throw error
    return failWith('SERVER_ERROR', 'server error')
  }
  const has = (s: MiniAppPermission) => b.granted().includes(s)
  const requireScope = (...scopes: MiniAppPermission[]) => {
    if (!scopes.some(has)) failWith('INSUFFICIENT_SCOPE', `insufficient scope: ${scopes.join(' or ')}`)
  }
  const chrome = (patch: Partial<MiniappChrome>) => b.send({ type: 'chrome.set', patch })
  const go = (kind: 'navigateTo' | 'redirectTo' | 'switchTab' | 'popAll', page: string, query?: string) =>
    b.send({ type: 'nav.go', kind, page: `${page}${query ? `?${query}` : ''}` })
  const pageIn = (p: Record<string, unknown>) => {
    const target = pageOfUrl(str(p, 'url'))
    if (!pages.includes(target.page)) failWith('INVALID_URL', 'page not in app.json pages')
    return target
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
  const done = async () => ({})

  return {
    init: async () => ({ status: 'SUCCESS' }),
    getUAID: async () => api.uaid({ appId, userId: (await currentUser()).id }).catch(serverFailure),
    async getUserProfile() {
      requireScope('mini_app_user_name', 'mini_app_user_nickname', 'mini_app_user_avatar', 'mini_app_user_email_address')
      const { profile } = await currentUser()
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
      if (request.isAuthorization && versionBelow(b.appVersion(), featureMinVersions.preAuth))
        failWith('UNKNOWN', `pre-authorisation needs app version ${featureMinVersions.preAuth}`)
      const user = await currentUser(true)
      const choice = await b.payment({ title: request.orderDescription ?? manifest.appName, amount: request.amount.amount, balance: user.balance })
      if (choice === 'cancel') failWith('USER_CANCELED', 'user canceled')
      try {
        const answer = await api.pay({ appId, userId: user.id, request, outcome: b.controls().nextPaymentOutcome }).catch(serverFailure)
        users = undefined
        const shown = answer.status === 'COMPLETED' ? 'Success' : answer.status === 'AUTHORIZED' ? 'PreAuth' : 'Failed'
        if (answer.error?.errorCode !== 'USER_CANCELED' && answer.error?.errorCode !== 'TIME_OUT')
          await b.completion({ amount: answer.amount, status: shown, orderId: answer.merchantPaymentId })
        if (answer.error) failWith(answer.error.errorCode, answer.error.errorMessage)
        return { status: answer.status, paymentId: answer.paymentId, merchantPaymentId: answer.merchantPaymentId, jws: answer.jws }
      } finally {
        b.abortPayment()
      }
    },
    async topup(p) {
      const user = await currentUser(true)
      const merchantTopupId = p.merchantTopupId === undefined ? `TOPUP-${b.now()}` : str(p, 'merchantTopupId')
      const answer = await b.topup({ balance: user.balance, fixedAmounts: topupAmounts })
      if (answer === 'cancelled') return failWith('USER_CANCELED', 'user canceled')
      const charged = await api.topup({ appId, userId: user.id, amount: answer.amount, merchantTopupId }).catch(() => failWith('SERVER_ERROR', 'Topup failed'))
      users = undefined
      return { jws: charged.jws, balance: charged.balance }
    },
    async request(p) {
      const url = str(p, 'url')
      const network = b.network() === 'slow' ? 'slow' : 'online'
      const answer = await api
        .request({ appId, url, method: typeof p.method === 'string' ? p.method : undefined, header: p.header, data: p.data, network })
        .catch(serverFailure)
      if ('errorCode' in answer) failWith(answer.errorCode, answer.errorMessage, 'statusCode' in answer ? { statusCode: answer.statusCode } : {})
      return answer
    },
    async generateCodeImage(p) {
      const data = str(p, 'data')
      if ((p.type ?? 'qrcode') !== 'qrcode') failWith('COULD_NOT_GENERATE_BARCODE', 'only qrcode is supported')
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
      chrome({ brightness: value })
      return {}
    },
    async setNavigationStyle(p) {
      if (p.style === 'default' || p.style === 'custom' || p.style === 'none') chrome({ navigationStyle: p.style })
      return {}
    },
    loadNotificationStatus: async () => ({ hasNewNotification: b.controls().hasNewNotification === true }),
    showUpdateWarning: async (p) => ({ userAction: await b.dialog({ kind: 'updateWarning', isMandatory: p.isMandatory === true }) }),
    async setEnablePullDownRefresh(p) {
      if (typeof p.enabled !== 'boolean') return failWith('INVALID_DATA', 'enabled must be true or false')
      chrome({ pullDownRefresh: p.enabled })
      return {}
    },
    pageWillAppear: async () => undefined,
    pageWillDisappear: async () => undefined,
    async requestPermission(p) {
      const wanted = (Array.isArray(p.permissions) ? p.permissions : typeof p.name === 'string' ? [p.name] : []).filter(
        (x): x is MiniAppPermission => typeof x === 'string' && (miniAppPermissions as readonly string[]).includes(x),
      )
      if (wanted.length === 0) failWith('BAD_REQUEST_INSUFFICIENT_PARAMETER', 'permissions are required')
      if (wanted.some((w) => !(manifest.permissions ?? []).includes(w))) failWith('INVALID_DATA', 'a permission the app did not register')
      return answeredBySession
    },
    async getPermissionStatus(p) {
      const name = str(p, 'name')
      return { status: b.granted().some((c) => c === name) ? 'GRANTED' : 'DENIED', granted_permissions: b.granted() }
    },
    async openAppSettings() {
      b.send({ type: 'settings.open' })
      return {}
    },
    async getUserLocation(p) {
      const minutes = p.validTimeMinutes
      if (minutes !== undefined && (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0))
        return failWith('INVALID_DATA', 'validTimeMinutes must not be 0')
      // the studio's phone is in front of Tokyo Station
      return { latitude: 35.681236, longitude: 139.767125, accuracy: 20, timestamp: b.now() }
    },
    async navigateTo(p) {
      const { page, query } = pageIn(p)
      go('navigateTo', page, query)
      return {}
    },
    async redirectTo(p) {
      const { page, query } = pageIn(p)
      go('redirectTo', page, query)
      return {}
    },
    async navigateBack() {
      const before = b.currentPage()
      b.send({ type: 'nav.back' })
      if (b.currentPage() === before) failWith('NO_VALUE_FOUND', 'no page to go back to')
      return {}
    },
    async popAll() {
      go('popAll', '')
      return {}
    },
    async switchTab(p) {
      const { page, query } = pageOfUrl(str(p, 'url'))
      if (query !== undefined) failWith('INVALID_URL', 'switchTab takes no URL parameters')
      if (!(manifest.tabBar?.list ?? []).some((t) => folder(t.pagePath) === page)) failWith('INVALID_URL', 'not a registered tab')
      go('switchTab', page)
      return {}
    },
    async openWebview(p) {
      let url: URL
      try {
        url = new URL(str(p, 'url'))
      } catch (error) {
        if (error instanceof BridgeFailure) throw error
        return failWith('INVALID_URL', 'invalid url')
      }
      if (url.protocol !== 'https:') failWith('INVALID_URL', 'invalid url')
      if (!whitelisted(url.hostname)) failWith('NONE_WHITELIST_DOMAIN', 'none whitelist domain')
      const style = p.style === 'modal' || p.style === 'external' ? p.style : 'slide'
      b.send({ type: 'screen.webview', webview: { url: url.toString(), style } })
      return {}
    },
    // the studio has no map app: the wallet's answer when none is installed
    openMap: async () => failWith('MAP_APP_NOT_FOUND', 'map app not found'),
    async closeApp() {
      session.clear()
      b.send({ type: 'app.close' })
      return {}
    },
    async setStorageData(p) {
      const key = str(p, 'key')
      storage.write({ ...storage.read(), [key]: JSON.stringify(valueOf(p)) })
      return {}
    },
    async getStorageData(p) {
      const key = str(p, 'key')
      const stored = storage.read()[key]
      return stored === undefined ? failWith('NO_VALUE_FOUND', 'no value found') : answerValue(key, stored)
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
      return stored === undefined ? failWith('NO_VALUE_FOUND', 'no value found') : answerValue(key, stored)
    },
    getPlatformInformation: async () => ({
      appVersion: b.appVersion(),
      sdkVersion: manifest.baseLibraryVersion,
      platform: 'PayLab studio',
      language: b.controls().lang,
    }),
    async checkAppInstall(p) {
      const target = [p.packageName, p.scheme, p.appId].find((x): x is string => typeof x === 'string') ?? ''
      if (!target) failWith('BAD_REQUEST_INSUFFICIENT_PARAMETER', 'packageName or scheme is required')
      const installed = (b.controls().installedApps ?? []).map(appKey).filter(Boolean)
      return { status: installed.includes(appKey(target)) ? 'INSTALLED' : 'NOT_INSTALLED' }
    },
    async registerAppLaunchOptions(p) {
      const text = typeof p.text === 'string' ? p.text : undefined
      if (text === undefined && p.options === undefined) failWith('NULL_OPTION', 'text or options is required')
      launchOptions.set(appId, { ...(text !== undefined ? { text } : {}), ...(p.options !== undefined ? { options: p.options } : {}) })
      return {}
    },
    getAppLaunchOptions: async () => launchOptions.get(appId) ?? failWith('NULL_OPTION', 'no launch options'),
    async showAlert(p) {
      const message = str(p, 'message')
      const title = typeof p.title === 'string' ? p.title : undefined
      const buttons = Array.isArray(p.buttons) ? p.buttons.filter((x): x is string => typeof x === 'string').slice(0, 3) : []
      return { index: await b.dialog({ kind: 'alert', message, buttons, ...(title !== undefined ? { title } : {}) }) }
    },
    async setTitle(p) {
      chrome({ title: str(p, 'title') })
      return {}
    },
    async showErrorSheet(p) {
      const message = str(p, 'message')
      await b.dialog({ kind: 'errorSheet', message, ...(typeof p.title === 'string' ? { title: p.title } : {}) })
      return {}
    },
    detectShakeMotion: async () => undefined,
    async getTopBarHeight() {
      const style = windowOf(manifest, b.currentPage()).navigationStyle ?? 'default'
      return { height: style === 'default' ? statusBarHeight + navigationBarHeight : statusBarHeight, statusBarHeight }
    },
    async setNavigationBarBackgroundColor(p) {
      if (isColour(p.color)) chrome({ navigationBarBackgroundColor: p.color })
      return done()
    },
    async setNavigationBarTextStyle(p) {
      if (p.style === 'white' || p.style === 'black') chrome({ navigationBarTextStyle: p.style })
      return done()
    },
    async setBackgroundColor(p) {
      if (isColour(p.color)) chrome({ backgroundColor: p.color })
      return done()
    },
  }
}
