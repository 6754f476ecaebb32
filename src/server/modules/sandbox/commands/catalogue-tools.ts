import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import { resolveCode } from '@/domain/resolver.ts'
import { forceableCodes } from '@/domain/sandbox-force.ts'
import { requestLogQuerySchema } from '@/domain/sandbox-log.ts'
import { TakeSnapshotRequestSchema } from '@/domain/sandbox-state.ts'
import { webhookChaosModes } from '@/domain/webhook-chaos.ts'
import { webhookDeliveryParams, webhookListQuery } from '@/domain/webhooks.ts'
import { i18nFor } from '../../../i18n.ts'
import { clockView, moveMerchantClock } from '../state/merchant-clock.ts'
import { requestLogView, requestRecorder } from '../request-log/request-log.ts'
import { listSnapshots, resetSandbox, restoreSnapshot, seedSandbox, takeSnapshot } from '../state/sandbox-state.ts'
import { webhookChaos } from '../webhooks/chaos.ts'
import { webhookService } from '../webhooks/webhooks.ts'
import { forceNextRepo } from '../../../store/force-next-repo.ts'
import { requestLogRepo } from '../../../store/request-log-repo.ts'
import { sandboxRepo } from '../../../store/sandbox-repo.ts'
import { command, type Command, type CommandCtx } from './command.ts'
import { docPages, readDoc, searchDocs } from './docs.ts'

const d = v.description

/** `10m`, `2h`, `1d`, `30s`, `500ms` or a number of milliseconds. */
export const DurationSchema = v.pipe(
  v.union([
    v.pipe(v.number(), v.integer(), v.minValue(0)),
    v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}(ms|s|m|h|d)?$/, 'a duration: 10m, 2h, 1d, 30s or milliseconds')),
  ]),
  v.transform((value) => {
    if (typeof value === 'number') return value
    const [, n, unit] = /^(\d+)(ms|s|m|h|d)?$/.exec(value)!
    return Number(n) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(unit ?? 'ms') as 'ms']
  }),
  v.maxValue(400 * 86_400_000, 'at most 400 days'),
)

/**
 * The sandbox's tools as commands (issue 23): its clock, webhooks (with chaos), request log, reset / snapshots /
 * seed, the resolver and the docs. The payment commands are in catalogue.ts, which lists both.
 */
export const toolCommands: Command[] = [
  command({
    name: 'get_clock',
    description: "Your sandbox's clock (it can run ahead of real time): nowMs and nowEpoch.",
    input: v.object({}),
    run: async (ctx) => {
      await loadOffset(ctx)
      return clockView(ctx.deps, ctx.merchantId)
    },
  }),
  command({
    name: 'advance_clock',
    description: "Move your sandbox's clock forward (10m, 2h, 1d, 30s or milliseconds): expiries, auto-cancels and webhook retries come due.",
    input: v.object({ by: v.pipe(DurationSchema, d('How far: 10m, 2h, 1d, 30s, or milliseconds.')) }),
    run: async (ctx, input) => {
      await loadOffset(ctx)
      return moveMerchantClock(ctx.deps, ctx.merchantId, { advanceMs: input.by })
    },
  }),
  command({
    name: 'set_clock',
    description: "Set your sandbox's clock to a later instant (ISO 8601), or back to real time with 'now'. The clock never goes back in between.",
    input: v.object({
      to: v.pipe(
        v.string(),
        v.trim(),
        v.check((s) => s === 'now' || !Number.isNaN(Date.parse(s)), 'an ISO 8601 time or now'),
        d("ISO 8601 time, or 'now'."),
      ),
    }),
    run: async (ctx, input) => {
      await loadOffset(ctx)
      if (input.to === 'now') return moveMerchantClock(ctx.deps, ctx.merchantId, { reset: true })
      const advanceMs = Date.parse(input.to) - ctx.deps.clock.nowMs(ctx.merchantId)
      if (advanceMs < 0)
        throw new ApiError('SANDBOX_COMMAND_INVALID', { data: { command: 'set_clock', issues: [{ path: 'to', message: 'in the past of the sandbox clock' }] } })
      return moveMerchantClock(ctx.deps, ctx.merchantId, { advanceMs })
    },
  }),
  command({
    name: 'list_webhooks',
    description:
      'Your webhook deliveries, newest first: deliveryId, state (AUTHORIZED, COMPLETED, CANCELED, EXPIRED), status (pending, delivered, failed), each attempt and its answer.',
    input: webhookListQuery,
    run: (ctx, input) => webhookService(ctx.deps).list(ctx.merchantId, input),
  }),
  command({
    name: 'resend_webhook',
    description: 'Send a webhook delivery again (same deliveryId, fresh signature).',
    input: webhookDeliveryParams,
    run: async (ctx, input) => {
      const delivery = await webhookService(ctx.deps).resend(ctx.merchantId, input.deliveryId)
      if (!delivery) throw new ApiError('SANDBOX_WEBHOOK_NOT_FOUND')
      return delivery
    },
  }),
  command({
    name: 'webhook_chaos',
    description:
      'Misbehave on the next webhook to prove your handler is idempotent and order-proof: duplicate (delivered twice with the same deliveryId), reorder (held back until the one after it is delivered), delay (sent late by `delay` on your sandbox clock), or off (cancel a pending request).',
    input: v.object({
      mode: v.pipe(v.picklist(webhookChaosModes), d('duplicate, reorder, delay or off.')),
      delay: v.optional(v.pipe(DurationSchema, d('For delay: how late, e.g. 5m.'))),
    }),
    run: (ctx, input) => webhookChaos(ctx.deps).request(ctx.merchantId, input.mode, input.delay),
  }),
  command({
    name: 'force_next_error',
    description:
      "Make your next signed API call answer a published error, exactly as the X-Sandbox-Force header would (its status, code and codeId); the call after it is normal. With path (e.g. /v2/codes) only a call on that path takes it; without, your next call whose endpoint publishes the code. 'off' cancels a pending one.",
    input: v.object({
      code: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z_]{1,64}$/), d("A published code (NO_SUFFICIENT_FUND, RATE_LIMIT…), or 'off'.")),
      path: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\/[A-Za-z0-9_\-/:.]{1,200}$/), d('Only a call on this API path, e.g. /v2/codes.'))),
    }),
    run: async (ctx, input) => {
      const repo = forceNextRepo(ctx.deps.store.db)
      if (input.code === 'OFF') return { forceNext: null, cleared: (await repo.clear(ctx.merchantId)) !== undefined }
      const path = input.path?.replace(/\/+$/, '') || undefined
      if (!forceableCodes(path).has(input.code)) {
        const message = path ? `no endpoint on ${path} publishes ${input.code}` : `no endpoint publishes ${input.code}`
        throw new ApiError('SANDBOX_COMMAND_INVALID', { data: { command: 'force_next_error', issues: [{ path: path ? 'path' : 'code', message }] } })
      }
      const row = { merchantId: ctx.merchantId, code: input.code, path: path ?? null, requestedAtMs: ctx.deps.clock.nowMs() }
      await repo.set(row)
      return { forceNext: { code: row.code, path: row.path } }
    },
  }),
  command({
    name: 'tail_logs',
    description:
      "Your sandbox's request log, newest first, filtered by status, path (substring), code or requestId (an entry id rq_…); failed signatures carry the expected string to sign (auth_failure).",
    input: v.object({
      ...requestLogQuerySchema.entries,
      status: v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599), v.transform(String)), v.string()])),
      limit: v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.transform(String)), v.string()])),
      requestId: v.optional(v.pipe(v.string(), v.regex(/^rq_[0-9a-f]{14,40}$/), d('One entry by its id (rq_…).'))),
    }),
    run: async (ctx, { requestId, ...raw }) => {
      const repo = requestLogRepo(ctx.deps.store.db)
      await requestRecorder(ctx.deps).settled()
      if (requestId) {
        const row = await repo.find(ctx.merchantId, requestId)
        if (!row) throw new ApiError('SANDBOX_LOG_ENTRY_NOT_FOUND')
        return { requests: [requestLogView(row)] }
      }
      const query = v.safeParse(requestLogQuerySchema, raw)
      if (!query.success)
        throw new ApiError('SANDBOX_COMMAND_INVALID', {
          data: { command: 'tail_logs', issues: query.issues.map((i) => ({ path: v.getDotPath(i) ?? '', message: i.message })) },
        })
      return { requests: (await repo.list(ctx.merchantId, query.output)).map(requestLogView) }
    },
  }),
  command({
    name: 'reset_sandbox',
    description: 'Reset your sandbox: default test users only, no orders, links or top-ups, real time. Not for the shared demo merchant.',
    input: v.object({}),
    run: (ctx) => resetSandbox(ctx.deps, ctx.merchantId),
  }),
  command({
    name: 'take_snapshot',
    description: 'Snapshot every row of your sandbox (restore_snapshot brings it back exactly).',
    input: v.optional(TakeSnapshotRequestSchema, {}),
    run: (ctx, input) => takeSnapshot(ctx.deps, ctx.merchantId, input.label),
  }),
  command({
    name: 'list_snapshots',
    description: 'Your snapshots, newest first.',
    input: v.object({}),
    run: (ctx) => listSnapshots(ctx.deps, ctx.merchantId),
  }),
  command({
    name: 'restore_snapshot',
    description: 'Restore a snapshot: the sandbox answers exactly as when it was taken.',
    input: v.object({ snapshotId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) }),
    run: (ctx, input) => restoreSnapshot(ctx.deps, ctx.merchantId, input.snapshotId),
  }),
  command({
    name: 'seed_sandbox',
    description:
      'Replace your sandbox with a seed (test users, authorizations, payments in given states; docs/sandbox-state.md). Bad paths are named in the error.',
    input: v.object({ seed: v.pipe(v.unknown(), d('The seed file as JSON.')) }),
    run: (ctx, input) => seedSandbox(ctx.deps, ctx.merchantId, input.seed),
  }),
  command({
    name: 'explain_code',
    description: 'Explain a resultInfo code or codeId of the API: its meaning, cause, fix and the lab scenario that shows it.',
    input: v.object({
      code: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64), d('A code (NO_SUFFICIENT_FUND) or a codeId (08100016).')),
      codeId: v.optional(v.pipe(v.string(), v.maxLength(16))),
    }),
    run: async (ctx, input) => resolveCode(input, i18nFor(ctx.lang)),
  }),
  command({
    name: 'search_docs',
    description: "Search PayLab's documentation (ja and en); answers titles, descriptions and the path to read with read_doc.",
    input: v.object({
      query: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(limits.searchMaxLength)),
      limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 10),
    }),
    run: (ctx, input) => searchDocs(ctx.lang, input.query, input.limit),
  }),
  command({
    name: 'list_docs',
    description: 'Every documentation page: path, title and description (read one with read_doc).',
    input: v.object({}),
    run: async (ctx) => ({ pages: await docPages(ctx.lang) }),
  }),
  command({
    name: 'read_doc',
    description: 'Read one documentation page as text by its path (from search_docs, e.g. /docs/webhooks).',
    input: v.object({ path: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300)) }),
    run: (ctx, input) => readDoc(ctx.lang, input.path),
  }),
]

/** This process may not have served the merchant yet: its clock offset comes from the store. */
async function loadOffset(ctx: CommandCtx) {
  ctx.deps.clock.setOffset(ctx.merchantId, await sandboxRepo(ctx.deps.store.db).clockOffset(ctx.merchantId))
}
