// STUB of the runtime helper's bridge host (branch ma-runtime owns this file): the contract's types and a host that
// only logs calls and answers each with UNKNOWN, so that the studio page can run before the merge. At merge the
// coordinator takes ma-runtime's file; nothing here is meant to survive it.
import type { BridgeError, BridgeErrorCode, MiniAppManifest, MiniAppPermission } from '@/domain/miniapp/types.ts'

export interface StudioControls {
  userId: string
  appVersion: string
  lang: 'ja' | 'en'
  nextPaymentOutcome: 'success' | 'cancel' | 'insufficient' | 'timeout' | 'server_error'
  forced: Partial<Record<string, BridgeErrorCode>>
  network: 'online' | 'offline' | 'slow'
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
  navigate(o: { kind: 'navigateTo' | 'redirectTo' | 'navigateBack' | 'switchTab' | 'popAll'; page?: string; query?: string }): void
  openWebview(o: { url: string; style: 'modal' | 'slide' | 'external' }): void
  closeApp(): void
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
export type BridgeEventName = 'pageWillAppear' | 'pageWillDisappear' | 'pullDownRefresh' | 'shake'

export function createBridgeHost(o: {
  frame: () => HTMLIFrameElement | null
  app: { appId: string; manifest: MiniAppManifest }
  controls: () => StudioControls
  ui: StudioUi
  onLog: (entry: BridgeLogEntry) => void
  consents: { get(): MiniAppPermission[] | undefined; set(p: MiniAppPermission[] | undefined): void }
}): { dispose(): void; emit(event: BridgeEventName, data?: unknown): void; currentPage(): string } {
  const first = o.app.manifest.pages[0] ?? ''
  const listener = (event: MessageEvent) => {
    const frame = o.frame()
    if (!frame || event.source !== frame.contentWindow) return
    const message: unknown = event.data
    if (typeof message !== 'object' || message === null || !('pp' in message) || !('id' in message) || !('name' in message)) return
    const { id, name } = message as { id: string; name: string; params?: unknown }
    o.onLog({ at: new Date().toISOString(), direction: 'call', name, id, params: (message as { params?: unknown }).params })
    const error: BridgeError = { errorCode: 'UNKNOWN', errorMessage: 'bridge host not merged yet (studio stub)' }
    frame.contentWindow?.postMessage({ pp: 1, id, kind: 'fail', result: error }, '*')
    o.onLog({ at: new Date().toISOString(), direction: 'answer', name, id, error, ms: 0 })
  }
  window.addEventListener('message', listener)
  return {
    dispose: () => window.removeEventListener('message', listener),
    emit: (event, data) => {
      o.frame()?.contentWindow?.postMessage({ pp: 1, event, data }, '*')
      o.onLog({ at: new Date().toISOString(), direction: 'event', name: event, params: data })
    },
    currentPage: () => first,
  }
}
