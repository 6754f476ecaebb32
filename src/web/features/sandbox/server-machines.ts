import * as v from 'valibot'
import { pageInspector } from '@/web/lib/inspect.ts'

/**
 * The sandbox's machines in the page's inspector (issue 30 item 2; docs/sandbox.md "Watching the sandbox's
 * machines"). Loaded only on the sandbox tools page with `?inspect` (components/server-machines.tsx imports it
 * lazily): it reads the signed-in merchant's stream `GET /dev/v1/sandbox/inspect` (server-sent events, read with
 * fetch so the session's bearer token goes in a header, never in the URL) and tells each step to the inspector as
 * an actor of its own — `payment:<paymentId>` named `payment:<merchantPaymentId>`, `webhookDelivery:<deliveryId>` —
 * with the machine's definition (so the Stately inspector and the local viewer draw it), the event and the snapshot.
 */

export type ServerMachinesStatus = 'connecting' | 'live' | 'retrying' | 'refused' | 'busy'

const snapshot = v.object({ value: v.string(), context: v.record(v.string(), v.unknown()) })
const readyData = v.object({ merchantId: v.string(), machines: v.object({ payment: v.string(), webhookDelivery: v.string() }) })
const stepData = v.object({
  sessionId: v.pipe(v.string(), v.regex(/^(payment|webhookDelivery):/)),
  machine: v.picklist(['payment', 'webhookDelivery']),
  name: v.string(),
  event: v.nullable(v.looseObject({ type: v.string() })),
  from: v.optional(snapshot),
  snapshot,
})
type Step = v.InferOutput<typeof stepData>

/** Waits before reconnecting after a dropped stream or a refusal of too many streams. */
const retryMs = 3_000

/** One server-sent event block (`event:` and `data:` lines) as its name and data. */
function parseBlock(block: string): { event: string; data: string } | undefined {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
  }
  return data.length ? { event, data: data.join('\n') } : undefined
}

const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Streams the merchant's machines into the page's inspector until the answered function is called. `token`: the
 * session's access token; `onStatus` hears how the stream is doing (the page says it in words).
 */
export function watchServerMachines(token: string, onStatus: (status: ServerMachinesStatus) => void): () => void {
  const stopped = new AbortController()
  const definitions = new Map<string, Record<string, unknown>>()
  const known = new Set<string>()

  const tell = async (step: Step) => {
    const inspector = await pageInspector()
    const init = { type: 'xstate.init' }
    if (!known.has(step.sessionId)) {
      known.add(step.sessionId)
      const first = { status: 'active' as const, ...(step.from ?? step.snapshot) }
      const definition = { ...(definitions.get(step.machine) ?? {}), id: step.name }
      // what the inspector reads of an actor: its session id, its name (the definition's id) and its definition
      const actor = { sessionId: step.sessionId, id: step.name, send: () => {}, getSnapshot: () => first, logic: { config: definition } }
      inspector.actor(actor, first)
      inspector.event(step.sessionId, init)
      inspector.snapshot(step.sessionId, first, { event: init })
      if (!step.event) return
    }
    if (!step.event) return
    inspector.event(step.sessionId, step.event)
    inspector.snapshot(step.sessionId, { status: 'active', ...step.snapshot }, { event: step.event })
  }

  const handle = async (event: string, data: string) => {
    const json = parsedJson(data)
    if (event === 'ready') {
      const ready = v.safeParse(readyData, json)
      if (!ready.success) return
      for (const [machine, definition] of Object.entries(ready.output.machines)) {
        const parsed = v.safeParse(v.record(v.string(), v.unknown()), parsedJson(definition))
        if (parsed.success) definitions.set(machine, parsed.output)
      }
      onStatus('live')
    } else if (event === 'step') {
      const step = v.safeParse(stepData, json)
      if (step.success) await tell(step.output)
    } else if (event === 'end') {
      onStatus('refused')
      stopped.abort()
    }
  }

  const read = async (): Promise<'retry' | 'refused' | 'busy'> => {
    const res = await fetch('/dev/v1/sandbox/inspect', {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      cache: 'no-store',
      signal: stopped.signal,
    })
    if (res.status === 401 || res.status === 403) return 'refused'
    if (res.status === 429) return 'busy'
    if (!res.ok || !res.body) return 'retry'
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return 'retry'
      buffer += value.replaceAll('\r\n', '\n')
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = parseBlock(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
        if (block) await handle(block.event, block.data)
      }
    }
  }

  void (async () => {
    while (!stopped.signal.aborted) {
      onStatus('connecting')
      const outcome = await read().catch(() => 'retry' as const)
      if (stopped.signal.aborted) return
      if (outcome === 'refused') {
        onStatus('refused')
        return
      }
      onStatus(outcome === 'busy' ? 'busy' : 'retrying')
      await new Promise((resolve) => setTimeout(resolve, retryMs))
    }
  })()
  return () => stopped.abort()
}
