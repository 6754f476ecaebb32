import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import { SandboxSeedSchema, sandboxStateLimits, seedIssues, type SandboxSeed, type SeedPayment } from '@/domain/sandbox-state.ts'
import type { AppDeps } from '../../../deps.ts'
import { issuesOf } from '../../../http/validator.ts'
import type { Db } from '../../../store/db.ts'
import { newTestUserId, sandboxRepo } from '../../../store/sandbox-repo.ts'
import { idRandomBytes } from '../../../store/sandbox-ids.ts'
import { sandboxStateRepo, type SandboxRows, type SnapshotRow } from '../../../store/sandbox-state-repo.ts'
import { profileIdentifierOf } from '@/domain/lab-link.ts'
import { defaultTestUsers } from '../engine/test-users.ts'
import { demoMerchant } from '../engine/seed.ts'

/*
 * Reset, snapshots and seed files of a merchant's sandbox (issue 14 item 6; docs/sandbox-state.md). Each runs in
 * one transaction, so another call of the merchant sees the old state or the new one, never a mix; then the
 * merchant's clock in this process follows the stored one. Each transaction first takes the merchant's sandbox-state
 * lock (a transaction-scoped advisory lock, issue 22): concurrent resets, seeds, restores and snapshots of one
 * merchant, in one process or several, run one after the other instead of failing on each other's rows.
 */

const S = limits.sandbox
const sec = (ms: number) => Math.floor(ms / 1000)

type Deps = Pick<AppDeps, 'store' | 'clock'>
type Rows = Record<string, unknown>[]

/**
 * Replaces the merchant's sandbox by `rows` in one transaction holding the merchant's sandbox-state lock: empties
 * it, inserts the rows, sets the process clock to the stored offset and answers `view` of the new state, all before
 * the lock is released, so the answer and the clock are those of this call even when others of the merchant wait.
 */
async function replaceSandbox<T>(
  deps: Deps,
  merchantId: string,
  rows: (db: Db) => SandboxRows | Promise<SandboxRows>,
  view: (db: Db) => Promise<T>,
): Promise<T> {
  // the demo merchant's credentials are public: one visitor must not wipe what the others are trying
  if (merchantId === demoMerchant.id) throw new ApiError('SANDBOX_SHARED_MERCHANT')
  return deps.store.db.transaction(async (t) => {
    const db: Db = t
    const repo = sandboxStateRepo(db)
    await repo.lockSandboxState(merchantId)
    await repo.clear(merchantId)
    await repo.insertRows(await rows(db))
    const offset = (await repo.rowsOf(merchantId)).sandbox_clocks?.[0]?.offsetMs
    const answer = await view(db)
    // the other processes reload the merchant's clock when this commits
    await sandboxRepo(db).notifyClockMoved(merchantId)
    deps.clock.setOffset(merchantId, typeof offset === 'number' ? offset : 0)
    return answer
  })
}

/** Ids of seeded entries derive from the merchant and the file's names: the same file gives the same ids on every run. */
function seededId(merchantId: string, kind: string, name: string) {
  return createHash('sha256').update(`${merchantId}\u0000${kind}\u0000${name}`).digest()
}
const seededPaymentId = (merchantId: string, name: string) =>
  `1${Array.from(seededId(merchantId, 'payment', name).subarray(0, 19), (b) => String(b % 10)).join('')}`
const seededCodeId = (merchantId: string, name: string) => `04-${seededId(merchantId, 'code', name).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16)}`
const seededTestUserId = (merchantId: string, name: string) => `tu_${seededId(merchantId, 'user', name).toString('base64url').slice(0, 12)}`
function seededUuid(merchantId: string, name: string) {
  const h = seededId(merchantId, 'authorization', name).toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** The merchant's sandbox as the reset / seed / restore calls answer it. */
async function stateView(db: Db, merchantId: string, seed?: SandboxSeed) {
  const rows = await sandboxStateRepo(db).rowsOf(merchantId)
  const users = (rows.sandbox_test_users ?? []) as { id: string; username: string; balance: number; createdAtMs: number }[]
  const nameOf = new Map(users.map((u) => [u.id, u.username]))
  const auths = (rows.sandbox_user_authorizations ?? []) as { userAuthorizationId: string; testUserId: string; status: string }[]
  const keyOf = new Map(seed?.userAuthorizations.map((a) => [seededUuid(merchantId, a.key), a.key]) ?? [])
  const payments = (rows.sandbox_payments ?? []) as {
    merchantPaymentId: string
    paymentId: string
    status: string
    codeId: string | null
    createdAtMs: number
  }[]
  return {
    merchantId,
    testUsers: users
      .sort((a, b) => a.createdAtMs - b.createdAtMs || a.username.localeCompare(b.username))
      .map((u) => ({ username: u.username, testUserId: u.id, balance: u.balance })),
    userAuthorizations: auths.map((a) => ({
      key: keyOf.get(a.userAuthorizationId) ?? '',
      username: nameOf.get(a.testUserId) ?? '',
      userAuthorizationId: a.userAuthorizationId,
      status: a.status,
    })),
    payments: payments
      .sort((a, b) => a.createdAtMs - b.createdAtMs || a.merchantPaymentId.localeCompare(b.merchantPaymentId))
      .map((p) => ({ merchantPaymentId: p.merchantPaymentId, paymentId: p.paymentId, status: p.status, codeId: p.codeId })),
  }
}

const defaultUsernames = defaultTestUsers.map((u) => u.username)

/** The default test users (fresh ids), as a new merchant gets them. */
const defaultUserRows = (merchantId: string, nowMs: number) =>
  defaultTestUsers.map((u, i) => ({ id: newTestUserId(), merchantId, username: u.username, balance: u.balance, createdAtMs: nowMs + i }))

/** Reset: the merchant's sandbox as on its first day — the default test users, no orders, links or top-ups, real time. */
export async function resetSandbox(deps: Deps, merchantId: string) {
  return replaceSandbox(
    deps,
    merchantId,
    () => ({ sandbox_test_users: defaultUserRows(merchantId, deps.clock.nowMs()) }),
    (db) => stateView(db, merchantId),
  )
}

/** Checks a seed file: the schema, then the cross-references; SANDBOX_SEED_INVALID names every bad path. */
export function parseSeed(input: unknown): SandboxSeed {
  const result = v.safeParse(SandboxSeedSchema, input)
  const issues = result.success ? seedIssues(result.output, defaultUsernames) : issuesOf(result.issues).map((issue) => ({ ...issue, rule: 'schema' as const }))
  if (issues.length || !result.success) throw new ApiError('SANDBOX_SEED_INVALID', { data: { issues } })
  return result.output
}

/** The rows a seed file stands for, at `nowMs` (real time: a seed puts the merchant's clock back to real time). */
export function seedRows(merchantId: string, seed: SandboxSeed, nowMs: number): SandboxRows {
  const users = seed.testUsers
    ? seed.testUsers.map((u, i) => ({
        id: seededTestUserId(merchantId, u.username),
        merchantId,
        username: u.username,
        balance: u.balance,
        createdAtMs: nowMs + i,
      }))
    : defaultUserRows(merchantId, nowMs)
  const userId = new Map(users.map((u) => [u.username, u.id]))
  const auths = seed.userAuthorizations.map((a) => {
    const testUserId = userId.get(a.username)!
    return {
      userAuthorizationId: seededUuid(merchantId, a.key),
      merchantId,
      testUserId,
      profileIdentifier: profileIdentifierOf(testUserId),
      scopes: a.scopes,
      referenceIds: [a.referenceId ?? a.key],
      status: a.status,
      issuedAtMs: nowMs,
      expireAtMs: nowMs + S.userAuthorizationTtlMs,
    }
  })
  const authOf = new Map(seed.userAuthorizations.map((a, i) => [a.key, auths[i]!]))
  const refunds: Rows = []
  const payments = seed.payments.map((p, i) => {
    const t = nowMs + i
    const paymentId = seededPaymentId(merchantId, p.merchantPaymentId)
    const paid = p.status !== 'CREATED'
    const refund = 'refund' in p ? p.refund : undefined
    if (refund) {
      refunds.push({
        merchantId,
        merchantRefundId: refund.merchantRefundId,
        paymentId,
        amount: refund.amount,
        status: 'REFUNDED',
        reason: refund.reason ?? null,
        requestedAt: sec(t),
        acceptedAtMs: t,
      })
    }
    const auth = p.kind === 'QR' ? undefined : authOf.get(p.userAuthorization)!
    return {
      paymentId,
      merchantId,
      merchantPaymentId: p.merchantPaymentId,
      kind: p.kind,
      status: p.status,
      isAuthorization: p.kind === 'PREAUTH',
      amount: p.amount,
      heldAmount: heldOf(p, refund?.amount ?? 0),
      testUserId: p.kind === 'QR' ? (p.payer ? userId.get(p.payer)! : null) : auth!.testUserId,
      userAuthorizationId: auth?.userAuthorizationId ?? null,
      codeId: p.kind === 'QR' ? seededCodeId(merchantId, p.merchantPaymentId) : null,
      codeExpiresAtMs: p.kind === 'QR' ? t + S.qrCodeLifetimeMs : null,
      requestedAt: sec(t),
      acceptedAtMs: paid ? t : null,
      expiresAtMs: p.kind !== 'PREAUTH' ? null : p.status === 'EXPIRED' ? t - 1 : t + (p.expiresInMs ?? S.preauthDefaultExpiryMs),
      canceledAtMs: p.status === 'FAILED' ? t : null,
      revert: p.kind === 'PREAUTH' && p.status === 'CANCELED' ? { acceptedAt: sec(t), merchantRevertId: null, requestedAt: sec(t), reason: null } : null,
      order: p.orderDescription === undefined ? {} : { orderDescription: p.orderDescription },
      createdAtMs: t,
    }
  })
  return { sandbox_test_users: users, sandbox_user_authorizations: auths, sandbox_payments: payments, sandbox_refunds: refunds }
}

/** What the payer's balance still lends to an order (as the engine keeps it): paid and not given back. */
function heldOf(p: SeedPayment, refunded: number) {
  if (p.status === 'COMPLETED' || p.status === 'AUTHORIZED') return p.amount
  if (p.status === 'REFUNDED') return p.amount - refunded
  return 0
}

/** Seed: replaces the merchant's sandbox with the file's test users, links and payments (clock at real time). */
export async function seedSandbox(deps: Deps, merchantId: string, input: unknown) {
  const seed = parseSeed(input)
  return replaceSandbox(
    deps,
    merchantId,
    () => seedRows(merchantId, seed, deps.clock.nowMs()),
    (db) => stateView(db, merchantId, seed),
  )
}

// ── snapshots ────────────────────────────────────────────────────────────────────────────────────────────

const countsOf = (data: SandboxRows) => Object.fromEntries(Object.entries(data).map(([table, rows]) => [table, rows.length]))

function snapshotView(row: Pick<SnapshotRow, 'id' | 'label' | 'createdAtMs' | 'sizeBytes'> & { data?: SandboxRows; rows?: Record<string, number> }) {
  return { snapshotId: row.id, label: row.label, createdAtMs: row.createdAtMs, sizeBytes: row.sizeBytes, rows: row.rows ?? countsOf(row.data ?? {}) }
}

export async function listSnapshots(deps: Deps, merchantId: string) {
  const rows = await sandboxStateRepo(deps.store.db).listSnapshots(merchantId)
  return {
    merchantId,
    limit: sandboxStateLimits.snapshotsPerMerchant,
    maxBytes: sandboxStateLimits.snapshotMaxBytes,
    snapshots: rows.map((r) => snapshotView(r)),
  }
}

/**
 * Copies every row of the merchant's sandbox; bounded in count and size per merchant. The sandbox-state lock makes
 * concurrent takes respect the count, and the copy a whole state (never half of a reset running beside it).
 */
export async function takeSnapshot(deps: Deps, merchantId: string, label: string | undefined) {
  return deps.store.db.transaction(async (t) => {
    const repo = sandboxStateRepo(t)
    await repo.lockSandboxState(merchantId)
    if ((await repo.countSnapshots(merchantId)) >= sandboxStateLimits.snapshotsPerMerchant) throw new ApiError('SANDBOX_SNAPSHOT_LIMIT')
    const data = await repo.rowsOf(merchantId)
    const sizeBytes = Buffer.byteLength(JSON.stringify(data))
    if (sizeBytes > sandboxStateLimits.snapshotMaxBytes)
      throw new ApiError('SANDBOX_SNAPSHOT_TOO_LARGE', { data: { sizeBytes, maxBytes: sandboxStateLimits.snapshotMaxBytes } })
    const row = {
      id: `snap_${idRandomBytes('snapshot', 8).toString('hex')}`,
      merchantId,
      label: label || null,
      createdAtMs: deps.clock.nowMs(),
      sizeBytes,
      data,
    }
    await repo.insertSnapshot(row)
    return snapshotView(row)
  })
}

/** Puts every row of the snapshot back (and only those): the sandbox answers as when it was taken. */
export async function restoreSnapshot(deps: Deps, merchantId: string, id: string) {
  const snapshot = await sandboxStateRepo(deps.store.db).findSnapshot(merchantId, id)
  if (!snapshot) throw new ApiError('SANDBOX_SNAPSHOT_NOT_FOUND')
  return replaceSandbox(
    deps,
    merchantId,
    () => snapshot.data,
    async () => snapshotView(snapshot),
  )
}

export async function deleteSnapshot(deps: Deps, merchantId: string, id: string) {
  if (!(await sandboxStateRepo(deps.store.db).deleteSnapshot(merchantId, id))) throw new ApiError('SANDBOX_SNAPSHOT_NOT_FOUND')
  return { snapshotId: id, deleted: true }
}
