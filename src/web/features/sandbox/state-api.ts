import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { SandboxStateDataSchema, SnapshotDataSchema, SnapshotListDataSchema } from '@/domain/sandbox-state.ts'
import { envelope, http } from '@/web/lib/http.ts'
import type { SandboxStateAction } from '@machines/sandbox-state.machine.ts'

/**
 * Reset, snapshots and seed of the test merchant's sandbox (issue 14 item 6; docs/sandbox-state.md): the bearer
 * calls under /dev/v1/sandbox/, the same operations scripts sign under /sandbox/api/.
 */
export const snapshotsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['sandbox', 'snapshots', token] as const,
    queryFn: async ({ signal }) => (await http.get(envelope(SnapshotListDataSchema), '/dev/v1/sandbox/snapshots', { auth: true, signal })).data,
    enabled: token !== null,
  })

const snapshotPath = (id: string) => `/dev/v1/sandbox/snapshots/${encodeURIComponent(id)}`

/** A seed file that is not JSON at all is refused here, in the shape the server would use. */
export class SeedFileError extends Error {
  readonly code = 'SANDBOX_SEED_INVALID'
  constructor(readonly data: { issues: { path: string; message: string }[] }) {
    super('SANDBOX_SEED_INVALID')
  }
}

/** Runs one action of the sandbox-state machine. */
export async function runSandboxStateAction(action: SandboxStateAction, notJson: string): Promise<unknown> {
  // a big sandbox takes a while to replace
  const opts = { auth: true as const, timeout: 'long' as const }
  switch (action.kind) {
    case 'reset':
      return (await http.post(envelope(SandboxStateDataSchema), '/dev/v1/sandbox/reset', opts)).data
    case 'take':
      return (await http.post(envelope(SnapshotDataSchema), '/dev/v1/sandbox/snapshots', { ...opts, body: action.label ? { label: action.label } : {} })).data
    case 'restore':
      return (await http.post(envelope(SnapshotDataSchema), `${snapshotPath(action.snapshotId)}/restore`, opts)).data
    case 'delete':
      return (await http.delete(envelope(v.unknown()), snapshotPath(action.snapshotId), opts)).data
    case 'seed': {
      let body: unknown
      try {
        body = JSON.parse(action.text)
      } catch {
        throw new SeedFileError({ issues: [{ path: action.fileName, message: notJson }] })
      }
      return (await http.post(envelope(SandboxStateDataSchema), '/dev/v1/sandbox/seed', { ...opts, body })).data
    }
  }
}
