import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import type { OpaFailureExplanation } from '@/domain/sandbox-log.ts'
import { merchants } from './merchants.ts'

/*
 * Sandbox powers (issue 14; docs/sandbox-powers.md). Times are epoch milliseconds of real time.
 */

const ms = (name: string) => bigint(name, { mode: 'number' })

/**
 * The request log: every signed sandbox request of a merchant (also those whose OPA-Auth failed for one of its
 * keys), newest first; at most `requestLogLimits.perMerchant` rows per merchant (pruned with each insert).
 */
export const sandboxRequestLog = pgTable(
  'sandbox_request_log',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    apiKey: text('api_key').notNull(),
    atMs: ms('at_ms').notNull(),
    method: text('method').notNull(),
    /** Path with its query string, as requested. */
    path: text('path').notNull(),
    status: integer('status').notNull(),
    code: text('code'),
    codeId: text('code_id'),
    latencyMs: integer('latency_ms').notNull(),
    /** Kept request headers (docs: content-type, X-ASSUME-MERCHANT, sandbox directives) and the masked Authorization. */
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    requestBody: text('request_body').notNull(),
    /** 'masked' | 'truncated' flags of the two bodies. */
    flags: text('flags').array().notNull(),
    responseBody: text('response_body').notNull(),
    /** Signature debugger: why OPA-Auth refused it (null when it passed). */
    authFailure: jsonb('auth_failure').$type<OpaFailureExplanation>(),
  },
  (t) => [index('sandbox_request_log_merchant_at_ix').on(t.merchantId, t.atMs)],
)

/**
 * "Force the next error" (issue 23; docs/sandbox-powers.md): one stored directive per merchant, taken by its next
 * signed call that can answer `code` (on `path` when set: a path such as `/v2/codes`, or a route pattern) — it
 * answers as `X-Sandbox-Force: <code>` would. OPA-Auth's one statement reads whether a directive is pending.
 */
export const sandboxForceNext = pgTable('sandbox_force_next', {
  merchantId: text('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  path: text('path'),
  requestedAtMs: ms('requested_at_ms').notNull(),
})
