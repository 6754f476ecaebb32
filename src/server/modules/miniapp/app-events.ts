import { miniAppLimits } from '@/domain/miniapp-runtime.ts'
import type { Logger } from '../../logger.ts'

type Listener = (version: number) => void

export interface AppEventHubOptions {
  /** How often the store's versions are read while any stream is open (another process may take an upload). */
  pollMs?: number
  /** Streams one client (address) may hold open at once in this process. */
  perClient?: number
}

/**
 * The studio's change streams of one process (issue 33; docs/miniapp-studio.md): every open stream of every app
 * waits on one shared poll — one query for all the watched apps every `pollMs`, and none while no stream is open —
 * instead of a query per stream every 2 s; a replacement made by this process is told at once (`notify`). A client
 * holds at most `perClient` streams: `open` answers undefined beyond that.
 */
export function appEventHub(
  readVersions: (appIds: string[]) => Promise<Array<{ id: string; version: number }>>,
  log: Logger,
  options: AppEventHubOptions = {},
) {
  const pollMs = options.pollMs ?? 2_000
  const perClient = options.perClient ?? miniAppLimits.eventStreamsPerClient
  const listeners = new Map<string, Set<Listener>>()
  const clients = new Map<string, number>()
  let timer: ReturnType<typeof setTimeout> | undefined

  const notify = (appId: string, version: number) => listeners.get(appId)?.forEach((listener) => listener(version))

  const poll = async () => {
    timer = undefined
    const appIds = [...listeners.keys()]
    if (!appIds.length) return
    try {
      for (const row of await readVersions(appIds)) notify(row.id, row.version)
    } catch (error) {
      log.warn('mini-app change poll failed', { error: String(error) })
    }
    schedule()
  }
  const schedule = () => {
    if (timer || !listeners.size) return
    timer = setTimeout(() => void poll(), pollMs)
    timer.unref?.()
  }

  return {
    notify,
    /** Adds a stream of `client` on `appId`; answers its close, or undefined when the client holds `perClient` already. */
    open(client: string, appId: string, listener: Listener): (() => void) | undefined {
      const held = clients.get(client) ?? 0
      if (held >= perClient) return undefined
      clients.set(client, held + 1)
      const set = listeners.get(appId) ?? new Set()
      listeners.set(appId, set)
      set.add(listener)
      schedule()
      let closed = false
      return () => {
        if (closed) return
        closed = true
        set.delete(listener)
        if (set.size === 0) listeners.delete(appId)
        const left = (clients.get(client) ?? 1) - 1
        if (left > 0) clients.set(client, left)
        else clients.delete(client)
        if (!listeners.size && timer) {
          clearTimeout(timer)
          timer = undefined
        }
      }
    },
    /** Streams open now (tests, and the log). */
    openStreams: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  }
}
