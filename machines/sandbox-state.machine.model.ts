import type { AnyMachineSnapshot } from 'xstate'
import { AccountFlowError } from './account-flow.ts'
import { sandboxStateMachine } from './sandbox-state.machine.ts'

/** How the sandbox-state machine is walked by its model-based test and `npm run qa:paths sandbox-state`. */
export const sandboxStateModel = {
  machine: sandboxStateMachine,
  /** The flow branches on the state and the waiting action only (the outcome is shown, not branched on). */
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.pending?.kind ?? null]),
  simplePaths: false,
  labels: {
    'reset.request': 'Press "Reset sandbox" on /dashboard/sandbox',
    'restore.request': 'Press "Restore" on a snapshot',
    'delete.request': 'Press "Delete" on a snapshot',
    'seed.request': 'Choose docs/sandbox-seed.example.json and press "Load seed file"',
    'snapshot.take': 'Type a label and press "Take snapshot"',
    confirm: 'Press "Confirm" in the confirmation',
    cancel: 'Press "Cancel" in the confirmation',
    'xstate.done.actor.run': 'The server answers SUCCESS',
  },
  events: [
    { type: 'restore.request', snapshotId: 'snap_0123456789abcdef' },
    { type: 'delete.request', snapshotId: 'snap_0123456789abcdef' },
    { type: 'seed.request', fileName: 'seed.json', text: '{"version":1}' },
    { type: 'snapshot.take', label: 'before the test' },
    { type: 'xstate.done.actor.run', output: null },
    {
      type: 'xstate.error.actor.run',
      error: new AccountFlowError('SANDBOX_SEED_INVALID', { issues: [{ path: 'payments.0.amount', message: 'Invalid value' }] }),
      label: 'The server answers 400 SANDBOX_SEED_INVALID naming payments.0.amount (load a file whose first payment has amount 0)',
    },
  ],
  invariants: [
    {
      name: 'A change runs only after it was confirmed or asked directly',
      holds: (s: AnyMachineSnapshot) => !s.matches('working') || s.context.pending !== null,
    },
  ],
}
