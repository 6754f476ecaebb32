import { expect } from 'vitest'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { searchModel } from './search.machine.model.ts'

/** Every path of the search query machine, on the real actor with a fake clock (500 ms debounce, spec §9). */
testMachinePaths('search', {
  ...searchModel,
  // The flow's transitions (docs/statecharts/search.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'dialog open': 'idle' },
    transitions: {
      idle: {
        'search.input': ['debouncing', 'idle', 'tooLong'],
      },
      debouncing: {
        'search.input': ['debouncing', 'idle', 'tooLong'],
        'xstate.after.searchDebounce.search.debouncing': 'searching',
      },
      tooLong: {
        'search.input': ['debouncing', 'idle', 'tooLong'],
      },
      searching: {
        'search.input': ['debouncing', 'idle', 'tooLong'],
        'xstate.done.actor.search': ['results', 'noResults'],
        'xstate.error.actor.search': ['noResults', 'idle'],
      },
      results: {
        'search.input': ['debouncing', 'idle', 'tooLong'],
      },
      noResults: {
        'search.input': ['debouncing', 'idle', 'tooLong'],
      },
    },
  },
  // The oracle, written from spec §4 rather than read off the machine: the payload decides the next state.
  check: (actual, expected) => {
    const event = expected.event as { type: string; text?: string; output?: unknown[]; error?: { status: number } }
    const oracle: Record<string, () => string> = {
      start: () => 'idle',
      // words are read NFKC-normalised and trimmed; more than limits.searchMaxLength (200) characters are not searched
      'search.input': () => {
        const words = (event.text ?? '').normalize('NFKC').trim()
        return words.length > 200 ? 'tooLong' : words ? 'debouncing' : 'idle'
      },
      'xstate.after.searchDebounce.search.debouncing': () => 'searching',
      'xstate.done.actor.search': () => (event.output?.length ? 'results' : 'noResults'),
      'xstate.error.actor.search': () => (event.error?.status === 404 ? 'noResults' : 'idle'),
    }
    const want = oracle[event.type]
    expect(want, `no oracle for ${event.type}`).toBeDefined()
    expect(actual.value).toBe(want!())
    if (actual.matches('idle')) expect(actual.context.results).toEqual([])
    if (actual.matches('results')) expect(actual.context.results.length).toBeGreaterThan(0)
    if (actual.matches('noResults')) expect(actual.context.results).toEqual([])
    if (actual.matches('debouncing') || actual.matches('searching')) expect(actual.context.text.trim()).not.toBe('')
    if (actual.matches('tooLong')) expect(actual.context.text.length).toBeGreaterThan(200)
  },
})
