import { createHmac } from 'node:crypto'
import { isInternalHost, isLoopbackHost, localWebhookDelivery } from '@/domain/merchant-urls.ts'
import { isWebhookUrl } from '@/domain/settings.ts'
import {
  webhookHeaders,
  webhookLimits,
  webhookSignatureVersion,
  webhookSignedPayload,
  webhookTime,
  type WebhookAttemptReport,
  type WebhookDelivery,
  type WebhookState,
} from '@/domain/webhooks.ts'
import type { AppDeps } from '../../../deps.ts'
import {
  isLoopbackAddress,
  isPublicAddress,
  outboundFetch,
  RefusedAddressError,
  type OutboundPolicy,
  type OutboundResponse,
  type Resolve,
} from '../../../net/outbound.ts'
import { dashboardRepo } from '../../../store/dashboard-repo.ts'
import type { WebhookAttempt } from '../../../store/tables/webhooks.ts'
import { afterChaosAttempt, heldDeliveries } from '../../../store/webhook-chaos-repo.ts'
import { webhookRepo, type WebhookDeliveryRow } from '../../../store/webhook-repo.ts'
import { sandboxCommands } from '../engine/index.ts'

/**
 * Sandbox webhooks (issue 14 item 4; docs/webhooks.md). The engine queues a delivery in the transaction that
 * changes the order (webhook-queue.ts: never lost, never sent for a change that rolled back); a dispatcher posts due
 * deliveries to the merchant's webhook URL, signed, and retries on the merchant's sandbox clock; deliveries the
 * sandbox may not post itself (this machine, no URL) wait for `npm run sandbox:forward`.
 */

/** The three headers of a delivery, signed now: `v1=` + Base64(HMAC-SHA256(secret, timestamp + "." + body)). */
export function signWebhook(secret: string, deliveryId: string, body: string, epochSeconds: number): Record<string, string> {
  const mac = createHmac('sha256', secret).update(webhookSignedPayload(epochSeconds, body)).digest('base64')
  return {
    'content-type': 'application/json',
    [webhookHeaders.id]: deliveryId,
    [webhookHeaders.timestamp]: String(epochSeconds),
    [webhookHeaders.signature]: `${webhookSignatureVersion}=${mac}`,
  }
}

export type WebhookWaiting = 'no-url' | 'forwarder-only'

/**
 * Where the sandbox posts a merchant's webhooks itself, or why it does not: no URL set, or one the forwarder must
 * deliver — private, link-local or metadata addresses and the portal itself always; a URL on this machine when the
 * server is shared (it listens beyond loopback). A server listening on loopback only (the default HOST=127.0.0.1)
 * posts to a `localhost` receiver directly (`loopback: true`), except to its own port (docs/webhooks.md).
 */
export async function webhookTarget(deps: AppDeps, merchantId: string): Promise<{ url: string | null; waiting: WebhookWaiting | null; loopback?: boolean }> {
  const url = (await dashboardRepo(deps.store.db).settingsOf(merchantId))?.webhookUrl ?? null
  if (!url) return { url: null, waiting: 'no-url' }
  if (!isWebhookUrl(url)) return { url, waiting: 'forwarder-only' }
  const target = new URL(url)
  const host = target.hostname
  if (isLoopbackHost(host) && localWebhookDelivery(deps.config) === 'direct') {
    const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80))
    if (port === deps.config.port) return { url, waiting: 'forwarder-only' }
    return { url, waiting: null, loopback: true }
  }
  const portal = deps.config.publicOrigin ? new URL(deps.config.publicOrigin).hostname : undefined
  if (isLoopbackHost(host) || isInternalHost(host) || host === portal) return { url, waiting: 'forwarder-only' }
  return { url, waiting: null }
}

export interface WebhookAnswer {
  status: number
  body: string
  error: string | null
}

/** `loopback`: the target is a receiver on this machine that the server may post to (a loopback-only server). */
export type WebhookTransport = (url: string, headers: Record<string, string>, body: string, options?: { loopback?: boolean }) => Promise<WebhookAnswer>

/**
 * Which addresses a delivery may connect to, and what a refusal says. The host is resolved once, when the
 * request is made, and the connection goes to exactly the addresses checked (net/outbound.ts: no DNS rebinding).
 */
const addressPolicies = {
  /** Any receiver: no address may be private, loopback, link-local or the like (a public name pointing inside). */
  public: { allow: isPublicAddress, refused: 'refused: the host resolves to a private, loopback or link-local address' },
  /** A direct local delivery: every address must be this machine (a name may not lead elsewhere). */
  loopback: { allow: isLoopbackAddress, refused: 'refused: a local receiver must resolve to loopback only' },
  /** The forwarder on the developer's machine posts where the developer said (`checkAddress: false`). */
  any: { allow: () => true, refused: 'refused' },
} satisfies Record<string, Pick<OutboundPolicy, 'allow'> & { refused: string }>

/** Reads at most `maxBytes` of an answer; the rest is dropped and the stream cancelled. */
async function readBounded(res: OutboundResponse, maxBytes: number) {
  if (!res.body) return { text: '', truncated: false }
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let truncated = false
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size))
      truncated = true
      await reader.cancel().catch(() => undefined)
      break
    }
    chunks.push(value)
    size += value.byteLength
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated }
}

/**
 * POSTs one delivery: no redirects followed (a 3xx is a failed attempt), the whole answer within
 * `timeoutMs`, at most `maxResponseBytes` read, an excerpt kept. `checkAddress` (default) checks every address
 * of the host before connecting to one of them: public addresses, or loopback only for a direct local delivery.
 * `lookup` replaces the system resolver (tests); `ca`, the trusted CAs (a test's self-signed receiver).
 */
export function httpWebhookTransport(
  options: { timeoutMs?: number; maxResponseBytes?: number; checkAddress?: boolean; lookup?: Resolve; ca?: string } = {},
): WebhookTransport {
  const timeoutMs = options.timeoutMs ?? webhookLimits.timeoutMs
  const maxBytes = options.maxResponseBytes ?? webhookLimits.maxResponseBytes
  return async (url, headers, body, target) => {
    const signal = AbortSignal.timeout(timeoutMs)
    let policy: (typeof addressPolicies)[keyof typeof addressPolicies] = addressPolicies.any
    try {
      if (options.checkAddress ?? true) policy = target?.loopback && isLoopbackHost(new URL(url).hostname) ? addressPolicies.loopback : addressPolicies.public
      const res = await outboundFetch(
        url,
        { method: 'POST', headers, body, signal },
        { allow: policy.allow, ...(options.lookup ? { resolve: options.lookup } : {}), ...(options.ca ? { ca: options.ca } : {}) },
      )
      const { text, truncated } = await readBounded(res, maxBytes)
      return {
        status: res.status,
        body: text.slice(0, webhookLimits.responseExcerptChars),
        error: truncated ? `answer cut at ${maxBytes} bytes` : res.status >= 300 && res.status < 400 ? 'redirects are not followed' : null,
      }
    } catch (error) {
      const e = error as Error
      const reason =
        e.name === 'TimeoutError' || signal.aborted
          ? `no answer within ${timeoutMs} ms`
          : e instanceof RefusedAddressError
            ? policy.refused
            : `request failed: ${e.message}`
      return { status: 0, body: '', error: reason.slice(0, 200) }
    }
  }
}

/** Rows without a target are looked at again this much later (or at once when a URL is set). */
const parkMs = 60_000

/**
 * Posts due deliveries. `runDue()` is one tick (tests call it after moving a test clock); `start()` ticks every
 * `intervalMs` in the server process. Several processes may tick: a claim gives each attempt to one of them.
 */
export function webhookDispatcher(deps: AppDeps, transport: WebhookTransport = httpWebhookTransport()) {
  const repo = webhookRepo(deps.store.db)
  const engine = deps.sandbox
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<number> | undefined

  async function attempt(row: WebhookDeliveryRow) {
    const now = deps.clock.nowMs(row.merchantId)
    const target = await webhookTarget(deps, row.merchantId)
    if (target.waiting || !target.url) {
      await repo.claim(row, now + parkMs)
      return false
    }
    const claimed = await repo.claim(row, now + webhookLimits.timeoutMs + 5_000)
    if (!claimed) return false
    const secret = await repo.signingSecret(row.merchantId)
    const answer = await transport(target.url, signWebhook(secret, row.id, row.body, Math.floor(deps.clock.wallMs() / 1000)), row.body, {
      loopback: target.loopback === true,
    })
    const at = deps.clock.nowMs(row.merchantId)
    const next = await sandboxCommands.webhookDeliveries.recordAttempt(engine.ctx, {
      row: claimed,
      attempts: claimed.attempts,
      attempt: { atMs: at, via: 'sandbox', ...answer },
    })
    await afterChaosAttempt(deps.store.db, row.merchantId, row.id, next.status, at)
    return true
  }

  async function tick() {
    await sandboxCommands.preauth.expireDue(engine.ctx)
    await sandboxCommands.preauth.expireReauthorizationsDue(engine.ctx)
    const due = await repo.due(deps.clock.nowMs(), webhookLimits.batch)
    // one payment's webhooks go out in the order they were made; different payments' side by side
    const byPayment = new Map<string, WebhookDeliveryRow[]>()
    for (const row of due) byPayment.set(row.paymentId, [...(byPayment.get(row.paymentId) ?? []), row])
    let attempted = 0
    await Promise.all(
      [...byPayment.values()].map(async (rows) => {
        for (const row of rows) {
          const sent = await attempt(row).catch((error: unknown) => {
            deps.log.error('webhook attempt failed', { deliveryId: row.id, error: String(error) })
            return false
          })
          if (sent) attempted += 1
        }
      }),
    )
    return attempted
  }

  return {
    /** One tick: attempts every due delivery once; answers how many were attempted. */
    runDue(): Promise<number> {
      running ??= tick().finally(() => {
        running = undefined
      })
      return running
    },
    start(intervalMs = 1000) {
      timer ??= setInterval(() => void this.runDue().catch(() => undefined), intervalMs)
      timer.unref?.()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await running
    },
  }
}

/** How long a forwarder's claim on one attempt holds when no report comes (a forwarder stopped mid-post). */
export const forwarderClaimMs = 30_000

/** Is a pending delivery the forwarder's to post now (one the sandbox does not post, due on the retry schedule)? */
function dueForForwarder(row: WebhookDeliveryRow, waiting: WebhookWaiting | null, nowMs: number, serverNowMs: number, held?: Set<string>) {
  if (row.status !== 'pending' || !waiting || held?.has(row.id)) return false
  // another forwarder claimed this attempt and has not reported yet
  if (row.forwardClaimedUntilMs !== null && row.forwardClaimedUntilMs > serverNowMs) return false
  const last = row.history.at(-1)
  if (!last || row.attempts === 0) return true
  return last.atMs + (webhookLimits.retryDelaysMs[row.attempts - 1] ?? 0) <= nowMs
}

/** A delivery as the webhook calls answer it: the body, freshly signed headers, every attempt. */
export function deliveryView(
  row: WebhookDeliveryRow,
  ctx: { url: string | null; waiting: WebhookWaiting | null; secret: string; nowMs: number; merchantNowMs: number; held?: Set<string> },
): WebhookDelivery & { forward: boolean } {
  return {
    deliveryId: row.id,
    createdAt: webhookTime(row.createdAtMs)!,
    state: row.state as WebhookState,
    paymentId: row.paymentId,
    merchantPaymentId: row.merchantPaymentId,
    status: row.status as WebhookDelivery['status'],
    attempts: row.history.length,
    nextAttemptAt: row.status === 'pending' && !ctx.waiting && row.nextAttemptAtMs !== null ? webhookTime(row.nextAttemptAtMs) : null,
    url: ctx.url,
    waiting: row.status === 'pending' ? ctx.waiting : null,
    forward: dueForForwarder(row, ctx.waiting, ctx.merchantNowMs, ctx.nowMs, ctx.held),
    request: { body: row.body, headers: signWebhook(ctx.secret, row.id, row.body, Math.floor(ctx.nowMs / 1000)) },
    history: row.history.map((a: WebhookAttempt) => ({ at: webhookTime(a.atMs)!, via: a.via, status: a.status, body: a.body, error: a.error })),
  }
}

/**
 * The webhook calls shared by the OPA-signed `/sandbox/api/webhooks` and the portal's: list, resend, the
 * forwarder's report. Each takes the caller's merchant id; another merchant's delivery is "not found".
 */
export function webhookService(deps: AppDeps) {
  const repo = webhookRepo(deps.store.db)
  const context = async (merchantId: string) => ({
    ...(await webhookTarget(deps, merchantId)),
    secret: await repo.signingSecret(merchantId),
    nowMs: deps.clock.nowMs(),
    merchantNowMs: deps.clock.nowMs(merchantId),
    // deliveries a chaos request holds back (issue 23): not the forwarder's to post yet
    held: await heldDeliveries(deps.store.db, merchantId, deps.clock.nowMs(merchantId)),
  })
  const view = async (merchantId: string, row: WebhookDeliveryRow) => deliveryView(row, await context(merchantId))
  return {
    async list(merchantId: string, query: { status?: 'pending' | 'delivered' | 'failed'; limit?: number }) {
      const ctx = await context(merchantId)
      const rows = await repo.list(merchantId, query)
      return {
        merchantId,
        url: ctx.url,
        signingSecret: ctx.secret,
        localDelivery: localWebhookDelivery(deps.config),
        deliveries: rows.map((row) => deliveryView(row, ctx)),
      }
    },
    async resend(merchantId: string, deliveryId: string) {
      const row = await sandboxCommands.webhookDeliveries.resend(deps.sandbox.ctx, { merchantId, deliveryId, nowMs: deps.clock.nowMs(merchantId) })
      return row ? view(merchantId, row) : undefined
    },
    async report(merchantId: string, deliveryId: string, report: WebhookAttemptReport) {
      const row = await repo.find(merchantId, deliveryId)
      if (!row) return undefined
      if (row.status !== 'pending') return view(merchantId, row)
      const now = deps.clock.nowMs(merchantId)
      const answer = { status: report.status, body: report.body, error: report.error ?? null }
      const next = await sandboxCommands.webhookDeliveries.recordAttempt(deps.sandbox.ctx, {
        row,
        attempts: row.attempts,
        attempt: { atMs: now, via: 'forwarder', ...answer },
      })
      await afterChaosAttempt(deps.store.db, merchantId, row.id, next.status, now)
      return view(merchantId, (await repo.find(merchantId, row.id))!)
    },
    /**
     * A forwarder asks for a delivery's next attempt before posting it (issue 22): `claimed` false when another
     * forwarder holds it (or it is no longer pending); the claim lasts `forwarderClaimMs` or until the report.
     */
    async claim(merchantId: string, deliveryId: string) {
      const row = await repo.find(merchantId, deliveryId)
      if (!row) return undefined
      const now = deps.clock.nowMs()
      const claimed = await repo.claimForForwarder(merchantId, deliveryId, now, now + forwarderClaimMs)
      return { claimed: !!claimed, delivery: await view(merchantId, claimed ?? row) }
    },
    /** A URL set or changed: deliveries parked for want of one are due at once. */
    async urlChanged(merchantId: string) {
      await repo.unpark(merchantId, deps.clock.nowMs(merchantId))
    },
  }
}
