import type { AnyActorRef } from 'xstate'
import { minimumVersionOf, supportsFunction } from '@/domain/miniapp/versions.ts'
import type { PpEvent } from '@/domain/miniapp-runtime.ts'
import type { BridgeErrorCode } from '@/domain/miniapp/types.ts'
import { failWith } from './functions.ts'
import type { StudioControls } from './support.ts'

/** `pp.on<…>` registrations: answered at once (the session sends the events), not functions of their own. */
export const eventRegistrations: Record<string, PpEvent> = {
  pageWillAppear: 'pageWillAppear',
  pageWillDisappear: 'pageWillDisappear',
  detectShakeMotion: 'shake',
}
/** What needs the network (offline: NOT_REACHABLE); `request` and `openWebview` are slow on their own. */
const networked = new Set([
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
const slowOnTheirOwn = new Set(['request', 'openWebview'])
const slowDelayMs = 2_000

/**
 * The rules a call that passed the session's gate meets before its function, in order: a forced error of the tester's
 * controls (used once: `onForcedUsed`), the wallet version (spec §9), the network (offline → NOT_REACHABLE, slow → a
 * delay). Throws the call's BridgeFailure; resolves when the function may run.
 */
export async function beforeFunction(
  name: string,
  o: {
    forced: BridgeErrorCode | undefined
    appVersion: string
    network: StudioControls['network']
    onForcedUsed?: (name: string) => void
    sleep: (ms: number) => Promise<void>
  },
) {
  if (o.forced) {
    o.onForcedUsed?.(name)
    failWith(o.forced, `forced by the studio: ${o.forced}`)
  }
  if (!supportsFunction(o.appVersion, name)) failWith('UNKNOWN', `pp.${name} needs app version ${minimumVersionOf(name)} or later`)
  if (!networked.has(name)) return
  if (o.network === 'offline') failWith('NOT_REACHABLE', 'networking not reachable')
  if (o.network === 'slow' && !slowOnTheirOwn.has(name)) await o.sleep(slowDelayMs)
}

/** Resolves with the first value `pick` finds in `actor`'s snapshots (now, or as they come). */
export const firstValue = <T>(actor: AnyActorRef, pick: () => T | undefined) =>
  new Promise<T>((resolve) => {
    const first = pick()
    if (first !== undefined) return resolve(first)
    const sub = actor.subscribe({ next: () => settle(), complete: () => settle() })
    function settle() {
      const value = pick()
      if (value === undefined) return
      sub.unsubscribe()
      resolve(value)
    }
  })
