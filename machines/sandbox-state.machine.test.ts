import { expect } from 'vitest'
import { stateValueText as text } from '../scripts/statechart-model.ts'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { sandboxStateModel } from './sandbox-state.machine.model.ts'

/**
 * Issue 14 item 6 (docs/sandbox-state.md): what replaces or deletes sandbox data asks first, Cancel changes
 * nothing, a snapshot is taken at once, and the outcome (or the seed file's bad paths) shows afterwards.
 */
testMachinePaths('sandbox-state', {
  ...sandboxStateModel,
  // The flow's transitions (docs/statecharts/sandbox-state.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { start: 'idle' },
    transitions: {
      idle: {
        'reset.request': 'confirming',
        'restore.request': 'confirming',
        'delete.request': 'confirming',
        'seed.request': 'confirming',
        'snapshot.take': 'working',
      },
      confirming: {
        confirm: 'working',
        cancel: 'idle',
      },
      working: {
        'xstate.done.actor.run': 'idle',
        'xstate.error.actor.run': 'idle',
      },
    },
  },
  // states are merged by value and waiting action (the model's serializeState); outcomes are checked below
  compareContext: false,
  check: (actual, expected, previous) => {
    const event = expected.event as { type: string }
    const oracle: Record<string, string> = {
      start: 'idle',
      'reset.request': 'confirming',
      'restore.request': 'confirming',
      'delete.request': 'confirming',
      'seed.request': 'confirming',
      'snapshot.take': 'working',
      confirm: 'working',
      cancel: 'idle',
      'xstate.done.actor.run': 'idle',
      'xstate.error.actor.run': 'idle',
    }
    expect(oracle[event.type], `no oracle for ${event.type}`).toBeDefined()
    expect(text(actual.value)).toBe(oracle[event.type])
    // nothing destructive runs without a confirmation
    if (actual.matches('working') && event.type !== 'confirm') expect(actual.context.pending?.kind).toBe('take')
    if (event.type === 'cancel') {
      expect(actual.context.pending).toBeNull()
      expect(actual.context.outcome).toEqual(previous!.context.outcome)
    }
    if (event.type === 'xstate.done.actor.run')
      expect(actual.context.outcome).toEqual({ action: previous!.context.pending!.kind, ok: true, code: null, issues: [] })
    if (event.type === 'xstate.error.actor.run') {
      expect(actual.context.outcome).toMatchObject({ action: previous!.context.pending!.kind, ok: false, code: 'SANDBOX_SEED_INVALID' })
      expect(actual.context.outcome!.issues.map((i: { path: string }) => i.path)).toEqual(['payments.0.amount'])
    }
  },
})
