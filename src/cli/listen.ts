import * as v from 'valibot'
import { webhookDeliverySchema } from '@/domain/webhooks.ts'
import { remoteCommand, signedCall, type Connection, type Fetch, type Transport } from './http.ts'
import { t } from './i18n.ts'
import { explainFailure, show } from './report.ts'
import { cliText } from './text.ts'

/** What `listen` and `logs tail --follow` need of the process. */
export interface LoopIo {
  out: (text: string) => void
  err: (text: string) => void
  fetch: Fetch
  sleep?: (ms: number) => Promise<void>
  transport: Transport
  /** Stops the loop (a signal); polled between rounds. */
  stopped?: () => boolean
}

const wait = (io: LoopIo, ms: number) => (io.sleep ?? ((n) => new Promise<void>((r) => setTimeout(r, n))))(ms)

/** `localhost:8080/hook` → `http://localhost:8080/hook`; undefined for anything but an http(s) URL. */
export function forwardTarget(value: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`
  try {
    const url = new URL(withScheme)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

const ClaimSchema = v.object({ claimed: v.boolean() })
const ListSchema = v.object({ signingSecret: v.string(), deliveries: v.array(v.object({ ...webhookDeliverySchema.entries, forward: v.boolean() })) })

/** `paylab listen`: the forwarder — polls the deliveries waiting for it, posts each to the local URL, reports the answer. */
export async function listen(conn: Connection, io: LoopIo, options: { target: string; interval: number; once: boolean; json: boolean }) {
  const { target, json } = options
  let announced = false
  let failed = false
  for (;;) {
    const answer = await signedCall(conn, io.fetch, 'GET', '/sandbox/api/webhooks?status=pending&limit=200')
    const list = answer.ok ? v.safeParse(ListSchema, answer.data) : undefined
    if (!answer.ok || !list?.success) {
      failed = true
      io.err(answer.ok ? t(conn.lang, cliText.pollFailed, { reason: 'unexpected answer' }) : explainFailure(conn.lang, answer.error))
    } else {
      if (!announced && !json)
        io.out(t(conn.lang, cliText.listening, { merchant: conn.merchantId ?? conn.apiKey, url: conn.url, target, secret: list.output.signingSecret }))
      announced = true
      for (const delivery of list.output.deliveries.filter((d) => d.forward).reverse()) {
        // several forwarders may poll one merchant (issue 22): each attempt is posted by the one that claims it
        const claim = await signedCall(conn, io.fetch, 'POST', `/sandbox/api/webhooks/${delivery.deliveryId}/claim`)
        if (!claim.ok || !v.is(ClaimSchema, claim.data) || !claim.data.claimed) continue
        const result = await io.transport(target, delivery.request.headers, delivery.request.body)
        const report = { status: result.status, body: result.body, ...(result.error ? { error: result.error } : {}) }
        await signedCall(conn, io.fetch, 'POST', `/sandbox/api/webhooks/${delivery.deliveryId}/attempts`, report)
        if (json) io.out(JSON.stringify({ deliveryId: delivery.deliveryId, state: delivery.state, target, status: result.status, error: result.error }))
        else io.out(t(conn.lang, cliText.forwarded, { state: delivery.state, deliveryId: delivery.deliveryId, target, answer: result.status || result.error }))
      }
    }
    if (options.once || io.stopped?.()) return failed ? 1 : 0
    await wait(io, options.interval)
    if (io.stopped?.()) return 0
  }
}

/** `paylab logs tail --follow`: prints new entries as they come. */
export async function follow(conn: Connection, io: LoopIo, input: Record<string, unknown>, json: boolean) {
  const seen = new Set<string>()
  for (;;) {
    const answer = await remoteCommand(conn, io.fetch, 'tail_logs', input)
    if (!answer.ok) return (io.err(explainFailure(conn.lang, answer.error)), 1)
    const entries = ((answer.data as { requests?: { id: string }[] }).requests ?? []).filter((e) => !seen.has(e.id)).reverse()
    for (const entry of entries) {
      seen.add(entry.id)
      io.out(json ? JSON.stringify(entry) : (await show(entry, false)) + '\n---')
    }
    if (io.stopped?.()) return 0
    await wait(io, 1000)
    if (io.stopped?.()) return 0
  }
}
