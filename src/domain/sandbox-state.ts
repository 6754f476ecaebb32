import * as v from 'valibot'
import { limits } from './limits.ts'
import { AuthorizationScopeSchema, MerchantPaymentIdSimpleSchema, MerchantRefundIdSchema } from './opa-schemas.ts'

/*
 * Reset, snapshots and seed files of a merchant's sandbox (issue 14 item 6; docs/sandbox-state.md).
 * One source for the bounds, the seed file's shape and the answers' shapes (the server validates with them and
 * /openapi.json is generated from them).
 */

const d = v.description

export const sandboxStateLimits = {
  /** Snapshots kept per merchant; taking one more answers SANDBOX_SNAPSHOT_LIMIT (delete one first). */
  snapshotsPerMerchant: 5,
  /** A snapshot's rows serialised as JSON; a bigger sandbox answers SANDBOX_SNAPSHOT_TOO_LARGE. */
  snapshotMaxBytes: 2 * 1024 * 1024,
  snapshotLabelMaxLength: 80,
  /** Seed file: at most this many of each (the whole file also stays within the 1 MB body limit). */
  seedMaxTestUsers: 20,
  seedMaxUserAuthorizations: 50,
  seedMaxPayments: 500,
  /** A test user's seeded balance: yen, up to 11 digits like a published amount. */
  seedMaxBalance: 99_999_999_999,
} as const

const L = sandboxStateLimits

// ── the seed file ────────────────────────────────────────────────────────────────────────────────────────

/** Test-user names as the wallet pages show them. */
export const TestUsernameSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'Lowercase a-z, 0-9, - and _, 1–32 characters'),
  d("A test user's name (1–32: a-z 0-9 - _)."),
)
/** The seed file's own name for an authorization, so payments can point at it (the id itself is issued on load). */
export const SeedKeySchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Allowed characters: a-z, A-Z, 0-9, - and _ (1–64)'),
  d('A key naming this entry inside the seed file.'),
)
const SeedAmountSchema = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(1),
  v.maxValue(99_999_999_999),
  d('Amount in yen, a positive integer (up to 11 digits, as published).'),
)
const SeedDescriptionSchema = v.pipe(v.string(), v.maxLength(255), d('orderDescription (≤255).'))

export const SeedTestUserSchema = v.pipe(
  v.strictObject({
    username: TestUsernameSchema,
    balance: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(L.seedMaxBalance), d('Balance in yen after the seeded payments (0 – 99,999,999,999).')),
  }),
  d('A test user of the wallet and its balance.'),
)

export const SeedUserAuthorizationSchema = v.pipe(
  v.strictObject({
    key: SeedKeySchema,
    username: TestUsernameSchema,
    scopes: v.pipe(v.array(AuthorizationScopeSchema), v.minLength(1), v.maxLength(16), d('Scopes granted (published names).')),
    status: v.optional(v.picklist(['ACTIVE', 'UNLINKED']), 'ACTIVE'),
    referenceId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Allowed characters: a-z, A-Z, 0-9, - and _ (1–64)'))),
  }),
  d('A test user linked to the merchant (user authorization).'),
)

const SeedRefundSchema = v.pipe(
  v.strictObject({ merchantRefundId: MerchantRefundIdSchema, amount: SeedAmountSchema, reason: v.optional(v.pipe(v.string(), v.maxLength(255))) }),
  d('The refund of a REFUNDED payment.'),
)

const paymentBase = {
  merchantPaymentId: MerchantPaymentIdSimpleSchema,
  amount: SeedAmountSchema,
  orderDescription: v.optional(SeedDescriptionSchema),
}

/** A dynamic QR order: CREATED (an unpaid code), COMPLETED, REFUNDED or FAILED (canceled), paid by `payer`. */
export const SeedQrPaymentSchema = v.pipe(
  v.strictObject({
    kind: v.literal('QR'),
    ...paymentBase,
    status: v.picklist(['CREATED', 'COMPLETED', 'REFUNDED', 'FAILED']),
    payer: v.optional(TestUsernameSchema),
    refund: v.optional(SeedRefundSchema),
  }),
  d('A dynamic QR order. CREATED is an unpaid code (it expires as any code does); the other states need `payer`.'),
)

/** A native (direct debit) payment of a linked user: COMPLETED, REFUNDED or FAILED (canceled). */
export const SeedNativePaymentSchema = v.pipe(
  v.strictObject({
    kind: v.literal('NATIVE'),
    ...paymentBase,
    status: v.picklist(['COMPLETED', 'REFUNDED', 'FAILED']),
    userAuthorization: SeedKeySchema,
    refund: v.optional(SeedRefundSchema),
  }),
  d('A native payment by a linked user (`userAuthorization` names an entry of userAuthorizations).'),
)

/** A pre-authorisation of a linked user: AUTHORIZED (until `expiresInMs`), EXPIRED or CANCELED (reverted). */
export const SeedPreauthPaymentSchema = v.pipe(
  v.strictObject({
    kind: v.literal('PREAUTH'),
    ...paymentBase,
    status: v.picklist(['AUTHORIZED', 'EXPIRED', 'CANCELED']),
    userAuthorization: SeedKeySchema,
    expiresInMs: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(limits.sandbox.preauthMaxExpiryMs),
        d('AUTHORIZED: expires this long after loading (default 7 days, at most 30).'),
      ),
    ),
  }),
  d('A pre-authorisation by a linked user.'),
)

export const SeedPaymentSchema = v.variant('kind', [SeedQrPaymentSchema, SeedNativePaymentSchema, SeedPreauthPaymentSchema])

export const SandboxSeedSchema = v.pipe(
  v.strictObject({
    version: v.literal(1),
    testUsers: v.optional(v.pipe(v.array(SeedTestUserSchema), v.minLength(1), v.maxLength(L.seedMaxTestUsers)), undefined),
    userAuthorizations: v.optional(v.pipe(v.array(SeedUserAuthorizationSchema), v.maxLength(L.seedMaxUserAuthorizations)), []),
    payments: v.optional(v.pipe(v.array(SeedPaymentSchema), v.maxLength(L.seedMaxPayments)), []),
  }),
  d(
    "Sandbox only: a seed file. It replaces the merchant's whole sandbox (docs/sandbox-state.md); without testUsers the default ones (taro, hanako, jiro) are seeded.",
  ),
)

export type SandboxSeed = v.InferOutput<typeof SandboxSeedSchema>
export type SeedPayment = v.InferOutput<typeof SeedPaymentSchema>

/**
 * What is wrong in a seed file, by its path. `message` is the English text scripts print; `rule` and `values` let the
 * portal say it in the UI's language (issue 20). A schema issue of valibot has the rule `schema`.
 */
export type SeedRule =
  | 'schema'
  | 'usernameTwice'
  | 'unknownUser'
  | 'unknownUserDefaults'
  | 'keyTwice'
  | 'alreadyLinked'
  | 'orderTwice'
  | 'createdHasPayer'
  | 'payerNeeded'
  | 'noAuthorization'
  | 'scopeMissing'
  | 'expiryNotAuthorized'
  | 'refundNotRefunded'
  | 'refundTooLarge'
  | 'refundTwice'
  | 'refundNeeded'

export interface SeedIssue {
  path: string
  message: string
  rule?: SeedRule
  values?: Record<string, string>
}

/** The English text of each rule; `{name}` is replaced by `values.name`. */
export const seedRuleTexts: Record<Exclude<SeedRule, 'schema'>, string> = {
  usernameTwice: 'Username "{name}" appears twice',
  unknownUser: 'No test user "{name}" in testUsers',
  unknownUserDefaults: 'No test user "{name}" in testUsers (the defaults are {defaults})',
  keyTwice: 'Key "{key}" appears twice',
  alreadyLinked: '"{name}" already has an ACTIVE authorization',
  orderTwice: 'merchantPaymentId "{id}" appears twice',
  createdHasPayer: 'An unpaid (CREATED) code has no payer',
  payerNeeded: 'A {status} payment needs the test user who paid it',
  noAuthorization: 'No userAuthorizations entry with key "{key}"',
  scopeMissing: 'The authorization lacks the scope {scopes}',
  expiryNotAuthorized: 'Only an AUTHORIZED pre-authorisation has an expiry ahead',
  refundNotRefunded: 'Only a REFUNDED payment has a refund',
  refundTooLarge: 'The refund is more than the payment',
  refundTwice: 'merchantRefundId "{id}" appears twice',
  refundNeeded: 'A REFUNDED payment needs its refund (merchantRefundId, amount)',
}

const issue = (path: string, rule: Exclude<SeedRule, 'schema'>, values: Record<string, string> = {}): SeedIssue => ({
  path,
  message: seedRuleTexts[rule].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? ''),
  rule,
  ...(Object.keys(values).length ? { values } : {}),
})

/**
 * What the schema cannot say alone: names point at existing entries, ids are unique, a payment's status has what
 * it needs (a payer, a refund within the amount), a user links once. Empty when the file is consistent.
 * `defaultUsernames` are the users seeded when the file lists none.
 */
export function seedIssues(seed: SandboxSeed, defaultUsernames: readonly string[]): SeedIssue[] {
  const issues: SeedIssue[] = []
  const users = new Set<string>()
  seed.testUsers?.forEach((u, i) => {
    if (users.has(u.username)) issues.push(issue(`testUsers.${i}.username`, 'usernameTwice', { name: u.username }))
    users.add(u.username)
  })
  const known = seed.testUsers ? users : new Set(defaultUsernames)
  const unknownUser = (path: string, name: string) =>
    seed.testUsers ? issue(path, 'unknownUser', { name }) : issue(path, 'unknownUserDefaults', { name, defaults: defaultUsernames.join(', ') })
  const keys = new Map<string, { scopes: string[]; status: string }>()
  const linked = new Set<string>()
  seed.userAuthorizations.forEach((a, i) => {
    if (keys.has(a.key)) issues.push(issue(`userAuthorizations.${i}.key`, 'keyTwice', { key: a.key }))
    if (!known.has(a.username)) issues.push(unknownUser(`userAuthorizations.${i}.username`, a.username))
    else if (a.status === 'ACTIVE' && linked.has(a.username)) issues.push(issue(`userAuthorizations.${i}.username`, 'alreadyLinked', { name: a.username }))
    if (a.status === 'ACTIVE') linked.add(a.username)
    keys.set(a.key, { scopes: a.scopes, status: a.status })
  })
  const orders = new Set<string>()
  const refunds = new Set<string>()
  seed.payments.forEach((p, i) => {
    const at = `payments.${i}`
    if (orders.has(p.merchantPaymentId)) issues.push(issue(`${at}.merchantPaymentId`, 'orderTwice', { id: p.merchantPaymentId }))
    orders.add(p.merchantPaymentId)
    if (p.kind === 'QR') {
      if (p.status === 'CREATED' && p.payer !== undefined) issues.push(issue(`${at}.payer`, 'createdHasPayer'))
      if (p.status !== 'CREATED' && p.payer === undefined) issues.push(issue(`${at}.payer`, 'payerNeeded', { status: p.status }))
      if (p.payer !== undefined && !known.has(p.payer)) issues.push(unknownUser(`${at}.payer`, p.payer))
    } else {
      const auth = keys.get(p.userAuthorization)
      if (!auth) issues.push(issue(`${at}.userAuthorization`, 'noAuthorization', { key: p.userAuthorization }))
      const needed = p.kind === 'NATIVE' ? ['direct_debit'] : ['preauth_capture_native', 'preauth_capture_transaction']
      if (auth && !auth.scopes.some((s) => needed.includes(s))) issues.push(issue(`${at}.userAuthorization`, 'scopeMissing', { scopes: needed.join(' or ') }))
      if (p.kind === 'PREAUTH' && p.expiresInMs !== undefined && p.status !== 'AUTHORIZED') issues.push(issue(`${at}.expiresInMs`, 'expiryNotAuthorized'))
    }
    if ('refund' in p && p.refund !== undefined) {
      if (p.status !== 'REFUNDED') issues.push(issue(`${at}.refund`, 'refundNotRefunded'))
      if (p.refund.amount > p.amount) issues.push(issue(`${at}.refund.amount`, 'refundTooLarge'))
      if (refunds.has(p.refund.merchantRefundId)) issues.push(issue(`${at}.refund.merchantRefundId`, 'refundTwice', { id: p.refund.merchantRefundId }))
      refunds.add(p.refund.merchantRefundId)
    } else if (p.status === 'REFUNDED') issues.push(issue(`${at}.refund`, 'refundNeeded'))
  })
  return issues
}

// ── answers ──────────────────────────────────────────────────────────────────────────────────────────────

export const SnapshotIdSchema = v.pipe(v.string(), v.regex(/^snap_[0-9a-f]{16}$/, 'A snapshot id (snap_ and 16 hex digits)'), d('A snapshot id.'))
export const SnapshotParamsSchema = v.object({ id: SnapshotIdSchema })

export const TakeSnapshotRequestSchema = v.pipe(
  v.strictObject({ label: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(L.snapshotLabelMaxLength))) }),
  d("Sandbox only: take a snapshot of the calling merchant's sandbox (an optional label, ≤80)."),
)

export const SnapshotDataSchema = v.pipe(
  v.object({
    snapshotId: SnapshotIdSchema,
    label: v.nullable(v.string()),
    createdAtMs: v.number(),
    sizeBytes: v.number(),
    rows: v.pipe(v.record(v.string(), v.number()), d('Rows kept, per table.')),
  }),
  d("A snapshot of a merchant's sandbox."),
)
export const SnapshotListDataSchema = v.pipe(
  v.object({ merchantId: v.string(), limit: v.number(), maxBytes: v.number(), snapshots: v.array(SnapshotDataSchema) }),
  d("The merchant's snapshots, newest first."),
)

export const SeededTestUserSchema = v.object({ username: v.string(), testUserId: v.string(), balance: v.number() })
export const SandboxStateDataSchema = v.pipe(
  v.object({
    merchantId: v.string(),
    testUsers: v.array(SeededTestUserSchema),
    userAuthorizations: v.array(v.object({ key: v.string(), username: v.string(), userAuthorizationId: v.string(), status: v.string() })),
    payments: v.array(v.object({ merchantPaymentId: v.string(), paymentId: v.string(), status: v.string(), codeId: v.nullable(v.string()) })),
  }),
  d("The merchant's sandbox after a reset, a seed or a restore: its test users, and the ids the seed's entries were given."),
)
