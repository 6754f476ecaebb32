import { vi } from 'vitest'
import type { MiniAppUser, PayAnswer } from '@/domain/miniapp-runtime.ts'
import type { MiniAppManifest, MiniAppPermission } from '@/domain/miniapp/types.ts'
import type { MiniappConsentRecord } from '@machines/miniapp-session.machine.ts'
import type { BridgeApi } from './api.ts'
import { createBridgeHost, type BridgeLogEntry, type StudioControls } from './host.ts'
import { driveScreens } from './host.test-support.ts'
import { installPp, type PpGlobal } from './pp-client.ts'

/**
 * The bridge end to end without a browser (host.test.ts): the real pp client installed on a fake frame window, the real host on a
 * fake parent window, messages delivered asynchronously with structured cloning as postMessage does; the real session
 * machine with a tester who answers its screens (host.test-support.ts), and the server a fake at the edge.
 */
type Fake = EventTarget & { postMessage: (data: unknown) => void; parent?: Fake }

function windows() {
  const parent = new EventTarget() as Fake
  const frame = new EventTarget() as Fake
  const stranger = new EventTarget() as Fake
  const deliver = (target: Fake, source: Fake, data: unknown) =>
    setTimeout(() => {
      const e = new Event('message')
      Object.defineProperty(e, 'data', { value: structuredClone(data) })
      Object.defineProperty(e, 'source', { value: source })
      target.dispatchEvent(e)
    }, 0)
  parent.postMessage = (data) => deliver(parent, frame, data)
  frame.postMessage = (data) => deliver(frame, parent, data)
  stranger.postMessage = (data) => deliver(parent, stranger, data)
  frame.parent = parent
  return { parent, frame, stranger }
}

export const taro: MiniAppUser = {
  id: 'tu_taro',
  username: 'taro',
  balance: 10_000,
  profile: { fullName: '山田 太郎', nickName: 'taro', avatarUrl: 'data:,', email: 'taro@sandbox.paylab.test', phoneNumber: '09012345678' },
  kyc: { status: 'NOT_COMPLETED', kycAt: null, kycInfo: null },
}

export const baseManifest: MiniAppManifest = {
  appName: 'Cakes',
  version: '1.0.0',
  baseLibraryVersion: '2.40.0',
  pages: ['pages/home', 'pages/menu', 'pages/cart'],
  tabBar: {
    list: [
      { pagePath: 'pages/home', text: 'Home' },
      { pagePath: 'pages/menu', text: 'Menu' },
    ],
  },
  whiteListDomains: ['cakes.example'],
  permissions: ['mini_app_user_name', 'mini_app_user_phone_number', 'mini_app_payment_balance', 'mini_app_kyc'],
}

/** Where the studio keeps an app's consent between sessions (the browser's storage in the studio). */
export interface ConsentStore {
  record: MiniappConsentRecord | null
}

export function setup(
  options: {
    manifest?: MiniAppManifest
    controls?: Partial<StudioControls>
    consent?: MiniAppPermission[] | 'cancelled'
    appId?: string
    stored?: ConsentStore
  } = {},
) {
  const w = windows()
  const pp: PpGlobal = installPp(w.frame as unknown as Window)
  const stored: ConsentStore = options.stored ?? { record: null }
  const controls: StudioControls = {
    userId: taro.id,
    appVersion: '2.42.0',
    lang: 'en',
    nextPaymentOutcome: 'success',
    forced: {},
    network: 'online',
    installedApps: [],
    hasNewNotification: false,
    ...options.controls,
  }
  const ui = {
    consent: vi.fn(async (_: { permissions: MiniAppPermission[] }) =>
      options.consent === 'cancelled' ? ('cancelled' as const) : { granted: options.consent ?? baseManifest.permissions! },
    ),
    payment: vi.fn(async (_: { title: string; amount: number; balance: number }): Promise<'pay' | 'cancel'> => 'pay'),
    completion: vi.fn(async (_: { appName: string; amount: number; status: string; orderId: string }) => undefined),
    topup: vi.fn(async (_: { balance: number; fixedAmounts: number[] }): Promise<{ amount: number } | 'cancelled'> => ({ amount: 3_000 })),
    alert: vi.fn(async (_: unknown) => 1),
    errorSheet: vi.fn(async (_: unknown) => undefined),
    showUpdateWarning: vi.fn(async (_: unknown) => 'later' as const),
  }
  const paid: PayAnswer = { status: 'COMPLETED', paymentId: 'pay_1', merchantPaymentId: 'M-1', amount: 500, balance: 9_500, jws: 'e.y.s' }
  const api = {
    users: vi.fn(async () => [taro]),
    pay: vi.fn(async () => paid),
    topup: vi.fn(async () => ({ balance: 13_000, jws: 't.o.p' })),
    uaid: vi.fn(async () => ({ jws: 'u.a.id' })),
    request: vi.fn(async (): Promise<Awaited<ReturnType<BridgeApi['request']>>> => ({ statusCode: 200, data: { ok: true } })),
  } satisfies BridgeApi
  const log: BridgeLogEntry[] = []
  const forcedUsed: string[] = []
  const host = createBridgeHost({
    frame: () => ({ contentWindow: w.frame }) as unknown as HTMLIFrameElement,
    app: { appId: options.appId ?? 'ma_testtesttesttest1', manifest: options.manifest ?? baseManifest },
    controls: () => controls,
    onLog: (e) => log.push(e),
    consent: { read: () => stored.record, write: (record) => (stored.record = record) },
    api,
    window: w.parent,
    onForcedUsed: (name) => {
      forcedUsed.push(name)
      delete controls.forced[name]
    },
    sleep: async () => undefined,
  })
  driveScreens(host, ui)
  const context = () => host.session().getSnapshot().context
  /** One call as a mini app makes it; resolves at `complete` with every success and fail seen. */
  const run = (name: string, params: Record<string, unknown> = {}) =>
    new Promise<{ ok: unknown[]; fail: { errorCode: string; errorMessage: string }[] }>((resolve) => {
      const out = { ok: [] as unknown[], fail: [] as { errorCode: string; errorMessage: string }[] }
      pp[name]!({ ...params, success: (r: unknown) => out.ok.push(r), fail: (e: unknown) => out.fail.push(e as never), complete: () => resolve(out) })
    })
  const code = async (name: string, params?: Record<string, unknown>) => (await run(name, params)).fail[0]?.errorCode
  return { pp, host, ui, api, log, controls, run, code, w, consents: () => stored.record?.granted, context, forcedUsed }
}
