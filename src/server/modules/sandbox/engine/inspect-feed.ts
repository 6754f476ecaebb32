/**
 * The sandbox's machines, watched (issue 30 item 2; docs/sandbox.md "Watching the sandbox's machines"). The engine
 * applies the payment machine and the webhook delivery machine to stored rows (no live actors); each transition it
 * stores is also a step here, and a merchant who watches (the sandbox tools page with `?inspect`) gets its own
 * merchant's steps as they are committed, never another's.
 *
 * When: a step made inside a transaction (`inTx`) is recorded there and published only once it commits; a change
 * that rolls back is never seen. Where: on PostgreSQL the steps go through the database (NOTIFY on one channel,
 * sent inside the transaction, so PostgreSQL delivers them at commit, in commit order) and every process that
 * watches hears every process's steps (WORKERS, several machines); each process also announces which merchants it
 * watches, so the others publish nothing while nobody watches (a NOTIFY is not free: it serialises commits). On
 * PGlite (one process) the steps go straight to this process's watchers after the commit.
 */
import type { PaymentEvent } from '@machines/payment.machine.ts'
import { paymentMachine } from '@machines/payment.machine.ts'
import type { WebhookDeliveryEvent } from '@machines/webhook-delivery.machine.ts'
import { webhookDeliveryMachine } from '@machines/webhook-delivery.machine.ts'
import { limits } from '@/domain/limits.ts'
import type { Clock } from '../../../clock.ts'
import type { Logger } from '../../../logger.ts'
import type { Db, Store } from '../../../store/db.ts'
import { inspectChannel, notifyInspect } from '../../../store/inspect-feed-repo.ts'

export type InspectedMachine = 'payment' | 'webhookDelivery'

export interface InspectedSnapshot {
  value: string
  context: Record<string, unknown>
}

/** One step of one of a merchant's machines, as the inspector gets it. */
export interface MachineStep {
  merchantId: string
  machine: InspectedMachine
  /** Stable across the actor's steps: `payment:<paymentId>`, `webhookDelivery:<deliveryId>`. */
  sessionId: string
  /** What a person reads: `payment:<merchantPaymentId>`, `webhookDelivery:<state> <merchantPaymentId>`. */
  name: string
  /** The event that moved it; null when the actor starts (in `snapshot`). */
  event: PaymentEvent | WebhookDeliveryEvent | null
  /** The state before the event (absent when the actor starts). */
  from?: InspectedSnapshot
  snapshot: InspectedSnapshot
}

/** A machine's definition as the inspector draws it: its config as JSON (implementations left out). */
const definitionOf = (config: object) => JSON.stringify(config, (_key, value: unknown) => (typeof value === 'function' ? undefined : value))
let definitions: Record<InspectedMachine, string> | undefined
export const machineDefinitions = () =>
  (definitions ??= { payment: definitionOf(paymentMachine.config), webhookDelivery: definitionOf(webhookDeliveryMachine.config) })

/** The steps recorded in each open transaction (by its handle), published when it commits. */
const recorded = new WeakMap<Db, MachineStep[]>()

/** Starts recording the steps of the transaction `t` (`inTx`); answers the list they land in. */
export function recordSteps(t: Db): MachineStep[] {
  const steps: MachineStep[] = []
  recorded.set(t, steps)
  return steps
}

/** Records a step made in the transaction `t`, published when it commits. */
export function record(t: Db, step: MachineStep) {
  recorded.get(t)?.push(step)
}

export interface InspectFeedDeps {
  store: Pick<Store, 'db' | 'listen'>
  clock: Pick<Clock, 'wallMs'>
  log: Pick<Logger, 'warn'>
}

export type StepListener = (step: MachineStep) => void

/** NOTIFY payloads are limited to 8000 bytes; a step is a few hundred. */
const maxPayloadBytes = 7_900
const { inspectWatchAnnounceMs, inspectWatchTtlMs } = limits.sandbox

/** The feed of one store's steps (one per sandbox engine: `createSandbox`). */
export function inspectFeed(deps: InspectFeedDeps) {
  const listeners = new Map<string, Set<StepListener>>()
  /** PostgreSQL: the merchants other processes watch, with when they last said so (wall clock). */
  const watchedElsewhere = new Map<string, number>()
  const shared = deps.store.listen !== undefined
  let listening: Promise<() => Promise<void>> | undefined
  let announcer: ReturnType<typeof setInterval> | undefined

  const deliver = (step: MachineStep) => {
    for (const listener of listeners.get(step.merchantId) ?? []) {
      try {
        listener(step)
      } catch (error) {
        deps.log.warn('inspect listener failed', { error: String(error) })
      }
    }
  }
  const heard = (payload: string) => {
    if (payload.startsWith('w:')) watchedElsewhere.set(payload.slice(2), deps.clock.wallMs())
    else if (payload.startsWith('s:')) {
      try {
        deliver(JSON.parse(payload.slice(2)) as MachineStep)
      } catch (error) {
        deps.log.warn('inspect step unreadable', { error: String(error) })
      }
    }
  }
  const isWatched = (merchantId: string) =>
    listeners.has(merchantId) || (shared && (watchedElsewhere.get(merchantId) ?? -Infinity) > deps.clock.wallMs() - inspectWatchTtlMs)
  const payloadsOf = (steps: readonly MachineStep[]) =>
    steps
      .filter((step) => isWatched(step.merchantId))
      .map((step) => `s:${JSON.stringify(step)}`)
      .filter((payload) => Buffer.byteLength(payload) <= maxPayloadBytes)
  const announce = (merchantIds: readonly string[]) =>
    notifyInspect(
      deps.store.db,
      merchantIds.map((id) => `w:${id}`),
    ).catch((error: unknown) => deps.log.warn('inspect watch announce failed', { error: String(error) }))

  const feed = {
    /** Steps travel through the database (PostgreSQL: every process hears every other's). */
    shared,
    /**
     * PostgreSQL: starts hearing the steps and watchers of every process on the database (the server starts it,
     * so that it publishes what another process's watcher waits for). Answers the stop function.
     */
    start(): Promise<() => Promise<void>> {
      if (!shared) return Promise.resolve(async () => {})
      listening ??= deps.store.listen!(inspectChannel, heard, (error) =>
        deps.log.warn('inspect listener connection lost; reconnecting', { error: error.message }),
      )
      return listening
    },
    /** Stops hearing other processes and announcing (the server's graceful stop). */
    async stop() {
      if (announcer) clearInterval(announcer)
      announcer = undefined
      const stop = await listening?.catch(() => undefined)
      listening = undefined
      await stop?.()
    },
    /** Whether anyone (here or, on PostgreSQL, in another process) watches the merchant's machines. */
    isWatched,
    /**
     * Calls `listener` with each of the merchant's steps committed from now on, until the answered function is
     * called. Resolves once the steps will arrive (on PostgreSQL: once this process listens and has said so).
     */
    async watch(merchantId: string, listener: StepListener): Promise<() => void> {
      const set = listeners.get(merchantId) ?? new Set<StepListener>()
      set.add(listener)
      listeners.set(merchantId, set)
      if (shared) {
        await feed.start()
        await announce([merchantId])
        announcer ??= setInterval(() => void announce([...listeners.keys()]), inspectWatchAnnounceMs)
        announcer.unref?.()
      }
      return () => {
        set.delete(listener)
        if (set.size === 0 && listeners.get(merchantId) === set) listeners.delete(merchantId)
        if (listeners.size === 0 && announcer) {
          clearInterval(announcer)
          announcer = undefined
        }
      }
    },
    /** Inside the transaction `t`, just before it commits: PostgreSQL sends its steps when (and if) it commits. */
    async beforeCommit(t: Db, steps: readonly MachineStep[]) {
      if (shared && steps.length) await notifyInspect(t, payloadsOf(steps))
    },
    /** After the transaction committed: PGlite's steps go to this process's watchers. */
    afterCommit(steps: readonly MachineStep[]) {
      if (!shared) for (const step of steps) if (isWatched(step.merchantId)) deliver(step)
    },
    /** Steps of a change already committed on its own (one statement outside `inTx`). */
    async published(steps: readonly MachineStep[]) {
      if (!steps.length) return
      if (shared) await notifyInspect(deps.store.db, payloadsOf(steps))
      else feed.afterCommit(steps)
    },
  }
  return feed
}

export type InspectFeed = ReturnType<typeof inspectFeed>

/**
 * Each store's one feed, by its Drizzle handle: `inTx` and the commands find it from their context's `db`, the
 * stream from the app's store; two engines over one store (a test's "restarted" server) share it.
 */
const feeds = new WeakMap<Db, InspectFeed>()
export function feedFor(deps: InspectFeedDeps): InspectFeed {
  let feed = feeds.get(deps.store.db)
  if (!feed) feeds.set(deps.store.db, (feed = inspectFeed(deps)))
  return feed
}
export const feedOf = (db: Db): InspectFeed | undefined => feeds.get(db)
