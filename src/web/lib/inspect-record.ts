import type { InspectionEvent, Observer } from 'xstate'

/**
 * The browser tests' recording of every actor (issue 30: what the browser did is what the model says). The
 * Playwright fixture (tests/support/hydrated-test.ts) exposes `window.__paylabRecordInspection`; when it is there,
 * `inspectOption()` (inspect.ts) hands every actor this observer, which sends each step of each machine actor —
 * the state before, the event, the state after and the transitions taken — in small batches. Afterwards
 * scripts/lib/browser-replay.ts replays each step on the machine of machines/. Without the hook (every real
 * visit) nothing here runs.
 */
export interface RecordedStep {
  /** The actor's session id, unique in the page. */
  actor: string
  /** The machine's id (its root state's id). */
  machine: string
  from: RecordedSnapshot
  event: unknown
  to: RecordedSnapshot
  /** Transition ids (`<state id> <event>[index]`, as scripts/statechart-model.ts names them), one group per microstep. */
  transitions: string[][]
  /** The context could not be written as JSON exactly (errors, actor refs, functions): replays compare transitions only. */
  lossy?: true
}
interface RecordedSnapshot {
  value: unknown
  context: unknown
  status: string
}

type RecordHook = (batch: RecordedStep[]) => unknown
declare global {
  interface Window {
    __paylabRecordInspection?: RecordHook
  }
}

export function recordingHook(): RecordHook | undefined {
  return typeof window === 'undefined' ? undefined : window.__paylabRecordInspection
}

interface TransitionLike {
  eventType: string
  source: { id: string; always?: unknown[]; transitions: Map<string, unknown[]> }
}
function transitionId(t: TransitionLike): string {
  const siblings = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])
  return `${t.source.id} ${t.eventType === '' ? 'always' : t.eventType}${siblings.length > 1 ? `[${siblings.indexOf(t)}]` : ''}`
}

/** JSON with what cannot be written marked: errors as their fields, actor refs by id, functions dropped. */
function plain(value: unknown, lossy: { hit: boolean }): unknown {
  try {
    return JSON.parse(
      JSON.stringify(value, (_, v: unknown) => {
        if (v instanceof Error) {
          lossy.hit = true
          return { ...v, name: v.name, message: v.message }
        }
        if (typeof v === 'function' || (v && typeof v === 'object' && 'sessionId' in v && 'send' in v)) {
          lossy.hit = true
          return undefined
        }
        return v
      }),
    ) as unknown
  } catch {
    lossy.hit = true
    return undefined
  }
}

const machineIdOf = (actor: unknown): string | undefined => {
  const logic = (actor as { logic?: { id?: unknown; root?: unknown } }).logic
  return logic && logic.root && typeof logic.id === 'string' ? logic.id : undefined
}

export function recordingObserver(hook: RecordHook): Observer<InspectionEvent> {
  const last = new Map<string, RecordedSnapshot & { lossy: boolean }>()
  const micro = new Map<string, string[][]>()
  let batch: RecordedStep[] = []
  const flush = () => {
    const sent = batch
    batch = []
    if (sent.length) void Promise.resolve(hook(sent)).catch(() => {})
  }
  return {
    next(event) {
      const machine = machineIdOf(event.actorRef)
      if (!machine) return
      const actor = event.actorRef.sessionId
      if (event.type === '@xstate.microstep') {
        const group = event._transitions.map((t) => transitionId(t as unknown as TransitionLike))
        if (group.length) micro.set(actor, [...(micro.get(actor) ?? []), group])
        return
      }
      if (event.type !== '@xstate.snapshot') return
      const snapshot = event.snapshot as { value?: unknown; context?: unknown; status?: string }
      const lossy = { hit: false }
      const to = { value: snapshot.value, context: plain(snapshot.context, lossy), status: snapshot.status ?? 'active' }
      const eventJson = plain(event.event, lossy)
      const from = last.get(actor)
      last.set(actor, { ...to, lossy: lossy.hit })
      const transitions = micro.get(actor) ?? []
      micro.delete(actor)
      if (!from) return // the actor's first snapshot: nothing happened yet
      batch.push({
        actor,
        machine,
        from: { value: from.value, context: from.context, status: from.status },
        event: eventJson,
        to,
        transitions,
        ...(from.lossy || lossy.hit ? { lossy: true as const } : {}),
      })
      if (batch.length === 1) queueMicrotask(flush)
    },
  }
}
