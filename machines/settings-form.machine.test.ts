import { expect, vi } from 'vitest'
import { stateValueText as text } from '../scripts/statechart-model.ts'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { settingsFormModel } from './settings-form.machine.model.ts'

/**
 * Spec §2 (Settings tabs; the header's save-changes popup 'Would you like to save the changes', Save / Cancel) and
 * §8 ('Saved successfully' / 'Cannot be saved'). Leaving with unsaved changes asks; Save saves then leaves, Discard
 * changes leaves without saving, Cancel stays with the edits (issue 20); a refused save stays. `proceed`/`stay` are counted through the leave request.
 */
let proceeded = 0
let stayed = 0
let discarded = 0
/** The counts when the step began: a path, pair path or walk may leave and ask again several times. */
let at = { proceeded: 0, stayed: 0, discarded: 0 }
/** Leave requests let go at once (nothing unsaved), counted through the request's own `proceed`. */
let leftAtOnce = 0
let leftAtOnceBefore = 0

testMachinePaths('settings-form', {
  ...settingsFormModel,
  events: settingsFormModel.events.map((e) => (e.type === 'leave.request' ? { ...e, proceed: () => void leftAtOnce++ } : e)),
  // The flow's transitions (docs/statecharts/settings-form.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'settings page': 'clean' },
    transitions: {
      clean: {
        'form.loaded': 'clean',
        'form.edit': 'dirty',
        'leave.request': 'clean',
      },
      dirty: {
        'form.loaded': 'clean',
        'form.edit': 'dirty',
        'form.save': 'saving',
        'leave.request': 'asking',
      },
      saving: {
        'form.loaded': 'clean',
        'xstate.done.actor.save': 'clean',
        'xstate.error.actor.save': 'dirty',
      },
      asking: {
        'form.loaded': 'clean',
        'xstate.done.actor.ask': ['saving', 'clean', 'dirty'],
      },
    },
  },
  compareContext: false,
  provide: () => {
    proceeded = 0
    stayed = 0
    discarded = 0
    return {
      actions: {
        proceed: vi.fn(({ context }: { context: { leave: unknown } }) => void (context.leave && proceeded++)),
        stay: vi.fn(({ context }: { context: { leave: unknown } }) => void (context.leave && stayed++)),
        discard: vi.fn(() => void discarded++),
      },
    }
  },
  check: (actual, expected, previous) => {
    const event = expected.event as { type: string; output?: string }
    const before = previous ? text(previous.value) : null
    const oracle: Record<string, () => string> = {
      start: () => 'clean',
      'form.edit': () => 'dirty',
      'form.loaded': () => 'clean',
      'form.save': () => 'saving',
      // nothing unsaved: leaving goes at once; unsaved: the popup asks
      'leave.request': () => (before === 'clean' ? 'clean' : 'asking'),
      'xstate.done.actor.ask': () => (event.output === 'save' ? 'saving' : event.output === 'discard' ? 'clean' : 'dirty'),
      'xstate.done.actor.save': () => 'clean',
      'xstate.error.actor.save': () => 'dirty',
    }
    if (event.type === 'start') at = { proceeded: 0, stayed: 0, discarded: 0 }
    const delta = { proceeded: proceeded - at.proceeded, stayed: stayed - at.stayed, discarded: discarded - at.discarded }
    at = { proceeded, stayed, discarded }
    const want = oracle[event.type]
    expect(want, `no oracle for ${event.type}`).toBeDefined()
    expect(text(actual.value)).toBe(want!())
    if (event.type === 'xstate.done.actor.ask' && event.output === 'discard') {
      expect(delta.discarded, 'Discard changes drops the edits').toBe(1)
      expect(delta.proceeded, 'Discard changes leaves').toBe(1)
    }
    if (event.type === 'xstate.done.actor.ask' && event.output === 'stay') {
      expect(delta.discarded, 'Cancel keeps the edits').toBe(0)
      expect(delta.proceeded, 'Cancel does not leave').toBe(0)
      expect(delta.stayed, 'Cancel stays').toBe(1)
      expect(actual.context.draft).toEqual(previous!.context.draft)
    }
    if (event.type === 'xstate.done.actor.save') {
      expect(actual.context.result).toBe('saved')
      // a save the popup asked for leaves once saved
      expect(delta.proceeded).toBe(previous!.context.leave ? 1 : 0)
    }
    if (event.type === 'xstate.error.actor.save') {
      expect(actual.context.result).toBe('failed')
      expect(actual.context.fields).toEqual(['webhook_url'])
      expect(delta.stayed).toBe(previous!.context.leave ? 1 : 0)
      expect(delta.proceeded).toBe(0)
    }
    if (actual.matches('dirty') || actual.matches('clean')) expect(actual.context.leave).toBeNull()
    // nothing unsaved: the tab or page changes at once; unsaved: only once the popup is answered
    expect(leftAtOnce - leftAtOnceBefore).toBe(event.type === 'leave.request' && before === 'clean' ? 1 : 0)
    leftAtOnceBefore = leftAtOnce
    // the form shows what was typed or loaded
    if (event.type === 'form.edit' || event.type === 'form.loaded') expect(actual.context.draft).toEqual((expected.event as Record<string, unknown>).draft)
    // while saving, no earlier 'Saved successfully' or 'Cannot be saved' shows; an edit hides 'Saved successfully'
    if (actual.matches('saving')) expect([actual.context.result, actual.context.errorCode]).toEqual([null, null])
    if (event.type === 'form.edit' && before === 'clean') expect(actual.context.result).toBeNull()
  },
})
