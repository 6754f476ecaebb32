import { assign, fromPromise, setup } from 'xstate'
import { errorCodeOf } from './account-flow.ts'
import type { SeedIssue } from '../src/domain/sandbox-state.ts'

/**
 * The sandbox tools page's reset, snapshot and seed controls (issue 14 item 6; docs/sandbox-state.md). What
 * replaces the merchant's sandbox (reset, restore, seed) or throws a snapshot away (delete) asks first; taking a
 * snapshot does not. One action runs at a time; its outcome (done, or the error code and the seed file's bad
 * paths) shows until the next action. `run` is given by the page (the bearer calls of /dev/v1/sandbox/).
 */

export type SandboxStateAction =
  | { kind: 'reset' }
  | { kind: 'restore'; snapshotId: string }
  | { kind: 'delete'; snapshotId: string }
  | { kind: 'seed'; fileName: string; text: string }
  | { kind: 'take'; label: string }

export interface SandboxStateContext {
  /** The action waiting for confirmation or running. */
  pending: SandboxStateAction | null
  /** The last outcome: what was done, or the error code (with the seed file's bad paths). */
  outcome: { action: SandboxStateAction['kind']; ok: boolean; code: string | null; issues: SeedIssue[] } | null
}

export type SandboxStateEvent =
  | { type: 'reset.request' }
  | { type: 'restore.request'; snapshotId: string }
  | { type: 'delete.request'; snapshotId: string }
  | { type: 'seed.request'; fileName: string; text: string }
  | { type: 'snapshot.take'; label: string }
  | { type: 'confirm' }
  | { type: 'cancel' }

/** The issues a failed call carried in `data.issues` (a refused seed file names its bad paths there). */
function issuesOf(error: unknown): SeedIssue[] {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : null
  const issues = typeof data === 'object' && data !== null && 'issues' in data ? (data as { issues: unknown }).issues : null
  return Array.isArray(issues) ? issues.filter((i): i is SeedIssue => typeof i?.path === 'string' && typeof i?.message === 'string') : []
}

export const sandboxStateMachine = setup({
  types: {
    context: {} as SandboxStateContext,
    events: {} as SandboxStateEvent,
  },
  actors: {
    run: fromPromise<unknown, SandboxStateAction>(async () => null),
  },
}).createMachine({
  id: 'sandboxState',
  description:
    "Reset, snapshots and seed on the sandbox tools page: reset, restore, delete and loading a seed file ask for confirmation first (Cancel keeps everything); taking a snapshot runs at once. The outcome, or the error with the seed file's bad paths, shows until the next action.",
  context: { pending: null, outcome: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The controls are ready; the last outcome (if any) shows.',
      tags: ['screen.controls'],
      on: {
        'reset.request': { target: 'confirming', actions: assign({ pending: { kind: 'reset' } }), description: 'The user presses Reset sandbox' },
        'restore.request': {
          target: 'confirming',
          actions: assign({ pending: ({ event }) => ({ kind: 'restore', snapshotId: event.snapshotId }) }),
          description: 'The user presses Restore on a snapshot',
        },
        'delete.request': {
          target: 'confirming',
          actions: assign({ pending: ({ event }) => ({ kind: 'delete', snapshotId: event.snapshotId }) }),
          description: 'The user presses Delete on a snapshot',
        },
        'seed.request': {
          target: 'confirming',
          actions: assign({ pending: ({ event }) => ({ kind: 'seed', fileName: event.fileName, text: event.text }) }),
          description: 'The user chooses a seed file and presses Load',
        },
        'snapshot.take': {
          target: 'working',
          actions: assign({ pending: ({ event }) => ({ kind: 'take', label: event.label }) }),
          description: 'The user presses Take snapshot',
        },
      },
    },
    confirming: {
      description: 'The confirmation: what will be replaced or deleted, with Confirm and Cancel.',
      tags: ['screen.controls', 'screen.confirm'],
      on: {
        confirm: { target: 'working', description: 'The user confirms' },
        cancel: { target: 'idle', actions: assign({ pending: null }), description: 'The user cancels: nothing changes' },
      },
    },
    working: {
      description: 'The call runs; every control is busy.',
      tags: ['screen.controls', 'busy.working'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'idle',
          actions: assign({ outcome: ({ context }) => ({ action: context.pending!.kind, ok: true, code: null, issues: [] }), pending: null }),
          description: 'The server did it',
        },
        onError: {
          target: 'idle',
          actions: assign({
            outcome: ({ context, event }) => ({ action: context.pending!.kind, ok: false, code: errorCodeOf(event.error), issues: issuesOf(event.error) }),
            pending: null,
          }),
          description: 'The server refused (a bad seed file names its paths) or failed',
        },
      },
    },
  },
})
