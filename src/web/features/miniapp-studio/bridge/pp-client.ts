import { ppEvents, ppFunctionNames, type PpAnswerMessage, type PpEvent, type PpEventMessage } from '@/domain/miniapp-runtime.ts'

/**
 * The `pp` global of a mini app (spec §7), as the wallet injects it into every page: served as
 * `/miniapp-run/_pp.js` (built from this file by the server with esbuild, src/server/modules/miniapp/serve.ts) and
 * loaded before anything else on the page. It runs inside the studio's sandboxed frame (opaque origin), so all it
 * can do is talk to the portal page that framed it:
 *
 *   pp.name({ ...params, success(res), fail(err), complete() })
 *     → parent: { pp: 1, id, name, params }                (functions stripped; the callbacks stay here)
 *     ← parent: { pp: 1, id, kind: 'success' | 'fail' | 'complete', result }
 *     ← parent: { pp: 1, event: 'pageWillAppear' | 'pageWillDisappear' | 'pullDownRefresh' | 'shake', data }
 *
 * success and fail may come one or more times, complete at most once (spec §4); a call's callbacks are dropped after
 * its complete. The lifecycle functions (`pp.pageWillAppear`, `pp.pageWillDisappear`) and `pp.detectShakeMotion`
 * register `success` for every later event of their kind; each event is also dispatched on `window` as
 * `pp:<event>` (`pp:pullDownRefresh` has no function of its own).
 */
type Callbacks = { success?: (result: unknown) => void; fail?: (error: unknown) => void; complete?: () => void }
type Options = Callbacks & Record<string, unknown>

const eventOfFunction: Partial<Record<string, PpEvent>> = {
  pageWillAppear: 'pageWillAppear',
  pageWillDisappear: 'pageWillDisappear',
  detectShakeMotion: 'shake',
}

/** JSON-safe copy of the params: functions, symbols and cycles dropped. */
function plain(value: unknown, seen = new WeakSet<object>(), depth = 0): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'object' || depth > 20 || seen.has(value)) return undefined
  seen.add(value)
  if (Array.isArray(value)) return value.map((item) => plain(item, seen, depth + 1) ?? null)
  const out: Record<string, unknown> = {}
  for (const [k, item] of Object.entries(value)) {
    const copy = plain(item, seen, depth + 1)
    if (copy !== undefined) out[k] = copy
  }
  return out
}

function safely(fn: ((arg?: unknown) => void) | undefined, arg?: unknown) {
  if (typeof fn !== 'function') return
  try {
    fn(arg)
  } catch (error) {
    // a throwing callback must not stop the bridge; the developer sees it in the console, as in the wallet
    console.error(error)
  }
}

export interface PpGlobal {
  [name: string]: (options?: Options) => void
}

export function installPp(win: Window): PpGlobal {
  const pending = new Map<string, Callbacks>()
  const listeners = new Map<PpEvent, Set<(data: unknown) => void>>()
  let seq = 0

  const call = (name: string, options?: Options) => {
    const callbacks: Callbacks = {}
    const params: Record<string, unknown> = {}
    if (options && typeof options === 'object') {
      for (const [k, value] of Object.entries(options)) {
        if (k === 'success' || k === 'fail' || k === 'complete') {
          if (typeof value === 'function') callbacks[k] = value as never
        } else params[k] = value
      }
    }
    const id = `c${++seq}`
    pending.set(id, callbacks)
    const event = eventOfFunction[name]
    if (event && callbacks.success) {
      const set = listeners.get(event) ?? new Set()
      set.add(callbacks.success)
      listeners.set(event, set)
    }
    win.parent.postMessage({ pp: 1, id, name, params: plain(params) }, '*')
  }

  win.addEventListener('message', (e: MessageEvent) => {
    if (e.source !== win.parent) return
    const data: unknown = e.data
    if (typeof data !== 'object' || data === null || (data as { pp?: unknown }).pp !== 1) return
    if ('event' in data) {
      const { event, data: payload } = data as PpEventMessage
      if (!ppEvents.includes(event)) return
      for (const fn of listeners.get(event) ?? []) safely(fn, payload)
      win.dispatchEvent(new CustomEvent(`pp:${event}`, { detail: payload }))
      return
    }
    const { id, kind, result } = data as PpAnswerMessage
    const callbacks = pending.get(id)
    if (!callbacks) return
    if (kind === 'success') safely(callbacks.success, result)
    else if (kind === 'fail') safely(callbacks.fail, result)
    else if (kind === 'complete') {
      pending.delete(id)
      safely(callbacks.complete)
    }
  })

  const pp: PpGlobal = {}
  for (const name of ppFunctionNames) pp[name] = (options?: Options) => call(name, options)
  // spec §7 spells it OpenAppSettings
  pp.OpenAppSettings = pp.openAppSettings!
  Object.freeze(pp)
  Object.defineProperty(win, 'pp', { value: pp, writable: false, configurable: false, enumerable: true })
  return pp
}
