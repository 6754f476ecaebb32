import { assign, fromPromise, setup } from 'xstate'
import type { SearchResult } from '../src/domain/content.ts'
import { limits } from '../src/domain/limits.ts'

/**
 * The search dialog's query (spec §2 Search dialog, §4 Search states): typing waits 500 ms (debounce), then
 * searches; results or no results (an empty list or an HTTP 404); empty text returns to idle; any other error
 * returns to idle. Opening and closing belong to the dialog, not to this machine.
 */

export interface SearchContext {
  text: string
  results: SearchResult[]
}

export type SearchEvent = { type: 'search.input'; text: string }

/** A failed search: `status` is the HTTP status (404 means "no results", spec §8). */
export interface SearchFailure {
  status: number
}

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && (error as SearchFailure).status === 404

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: {
    search: fromPromise<SearchResult[], { text: string }>(async () => []),
  },
  delays: {
    searchDebounce: limits.searchDebounceMs,
  },
  guards: {
    hasText: ({ event }) => event.type === 'search.input' && event.text.trim() !== '',
    hasResults: (_, params: { results: SearchResult[] }) => params.results.length > 0,
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
  },
  actions: {
    storeText: assign({ text: ({ event }) => (event.type === 'search.input' ? event.text : '') }),
    clear: assign({ text: '', results: [] }),
  },
}).createMachine({
  id: 'search',
  context: { text: '', results: [] },
  initial: 'idle',
  on: {
    'search.input': [
      { guard: 'hasText', target: '.debouncing', actions: 'storeText', reenter: true },
      { target: '.idle', actions: 'clear' },
    ],
  },
  states: {
    idle: {},
    debouncing: {
      after: { searchDebounce: 'searching' },
    },
    searching: {
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: [
          {
            guard: { type: 'hasResults', params: ({ event }) => ({ results: event.output }) },
            target: 'results',
            actions: assign({ results: ({ event }) => event.output }),
          },
          { target: 'noResults', actions: assign({ results: [] }) },
        ],
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'noResults', actions: assign({ results: [] }) },
          { target: 'idle', actions: assign({ results: [] }) },
        ],
      },
    },
    results: {},
    noResults: {},
  },
})
