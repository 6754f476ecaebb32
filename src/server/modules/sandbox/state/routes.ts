import type { Context, Env, Hono, MiddlewareHandler } from 'hono'
import { SandboxStateDataSchema, SnapshotDataSchema, SnapshotListDataSchema, SnapshotParamsSchema, TakeSnapshotRequestSchema } from '@/domain/sandbox-state.ts'
import * as v from 'valibot'
import type { AppDeps } from '../../../deps.ts'
import { describe, type OperationDoc } from '../../../http/openapi.ts'
import { jsonIn, validate, invalidParams, type InvalidInput } from '../../../http/validator.ts'
import { deleteSnapshot, listSnapshots, resetSandbox, restoreSnapshot, seedSandbox, takeSnapshot } from './sandbox-state.ts'
import { SandboxSeedSchema } from '@/domain/sandbox-state.ts'

/**
 * Reset, snapshots and seed (issue 14 item 6; docs/sandbox-state.md) as routes: one list of operations, served
 * twice — OPA-signed under `/sandbox/api/` for scripts and CI, and with the dashboard's bearer under
 * `/dev/v1/sandbox/` for the sandbox tools page. Both act only on the caller's own merchant.
 */
interface StateOperation {
  method: 'get' | 'post' | 'delete'
  /** After the prefix. */
  path: string
  summary: string
  status?: 201
  body?: v.GenericSchema
  data: v.GenericSchema
  /** What the edge validates before `run` (the seed is validated by seedSandbox itself: SANDBOX_SEED_INVALID). */
  input?: { json?: v.GenericSchema; param?: v.GenericSchema }
  run: (deps: AppDeps, merchantId: string, input: { json?: unknown; param?: unknown }) => Promise<unknown>
}

const snapshotId = (input: { param?: unknown }) => (input.param as v.InferOutput<typeof SnapshotParamsSchema>).id

export const sandboxStateOperations: StateOperation[] = [
  {
    method: 'post',
    path: '/reset',
    summary: "Reset the merchant's sandbox: default test users only, no orders, links or top-ups, real time (request log and settings kept)",
    data: SandboxStateDataSchema,
    run: (deps, m) => resetSandbox(deps, m),
  },
  {
    method: 'post',
    path: '/seed',
    summary:
      "Replace the merchant's sandbox with a seed file (test users, authorizations, payments in given states); 400 SANDBOX_SEED_INVALID names each bad path",
    body: SandboxSeedSchema,
    data: SandboxStateDataSchema,
    input: { json: v.unknown() },
    run: async (deps, m, input) => seedSandbox(deps, m, input.json),
  },
  {
    method: 'get',
    path: '/snapshots',
    summary: "The merchant's snapshots, newest first (at most 5, each at most 2 MB)",
    data: SnapshotListDataSchema,
    run: (deps, m) => listSnapshots(deps, m),
  },
  {
    method: 'post',
    path: '/snapshots',
    status: 201,
    summary: "Take a snapshot of every row of the merchant's sandbox",
    body: TakeSnapshotRequestSchema,
    data: SnapshotDataSchema,
    input: { json: v.optional(TakeSnapshotRequestSchema, {}) },
    run: async (deps, m, input) => takeSnapshot(deps, m, (input.json as v.InferOutput<typeof TakeSnapshotRequestSchema>).label),
  },
  {
    method: 'post',
    path: '/snapshots/:id/restore',
    summary: 'Restore a snapshot: the sandbox answers exactly as when it was taken',
    data: SnapshotDataSchema,
    input: { param: SnapshotParamsSchema },
    run: (deps, m, input) => restoreSnapshot(deps, m, snapshotId(input)),
  },
  {
    method: 'delete',
    path: '/snapshots/:id',
    summary: 'Delete a snapshot',
    data: v.object({ snapshotId: v.string(), deleted: v.boolean() }),
    input: { param: SnapshotParamsSchema },
    run: (deps, m, input) => deleteSnapshot(deps, m, snapshotId(input)),
  },
]

/** The operations' validated parts, read as unknown: the loop below serves operations of several shapes. */
interface OperationInput {
  in: { json: unknown; param: Record<string, string> }
  out: { json: unknown; param: unknown }
}

/**
 * Serves the operations on `app` (mounted at the operations' prefix): `guards` check the caller, `merchantOf` names
 * its merchant, `answer` wraps `data` in the `{resultInfo, data}` shape of that API; `doc` says how `/openapi.json`
 * lists them (tag, security, and whose sandbox they act on).
 */
export function serveSandboxState<E extends Env & { Variables: object }>(
  app: Hono<E>,
  deps: AppDeps,
  doc: Pick<OperationDoc, 'tag' | 'security'> & { who: string },
  guards: MiddlewareHandler<E>[],
  merchantOf: (c: Context<E>) => string | Promise<string>,
  answer: (c: Context<E>, data: unknown, status?: 201) => Response,
  invalid: InvalidInput = invalidParams(),
) {
  for (const op of sandboxStateOperations) {
    const checks: MiddlewareHandler<E, string, OperationInput>[] = []
    if (op.input?.param) checks.push(validate('param', op.input.param, invalid))
    if (op.input?.json) checks.push(jsonIn<v.GenericSchema, E>(op.input.json, invalid))
    const handler: MiddlewareHandler<E, string, OperationInput> = async (c) => {
      const input = { json: op.input?.json ? c.req.valid('json') : undefined, param: op.input?.param ? c.req.valid('param') : undefined }
      return answer(c, await op.run(deps, await merchantOf(c), input), op.status)
    }
    const description = describe({
      tag: doc.tag,
      security: doc.security,
      summary: `${op.summary} (${doc.who})`,
      body: op.body,
      data: op.data,
      status: op.status,
    }) as MiddlewareHandler<E>
    app.on([op.method.toUpperCase()], [op.path], description, ...guards, ...checks, handler)
  }
}
