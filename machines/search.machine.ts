import { assign, fromPromise, setup } from 'xstate'
import type { SearchResult } from '../src/domain/content.ts'
import { limits } from '../src/domain/limits.ts'
import { normalizeTyped } from '../src/domain/typed-input.ts'

/**
 * The search dialog's query (spec §2 Search dialog, §4 Search states): typing waits 500 ms (debounce), then
 * searches; results or no results (an empty list or an HTTP 404); empty text returns to idle; any other error
 * returns to idle. Words longer than the server accepts say so at once instead of searching (issue 20); full-width
 * words are searched as typed ASCII (`ｑｒ` is qr). Opening and closing belong to the dialog, not to this machine.
 */

/** The words the server is asked for: NFKC-normalised and trimmed (src/domain/typed-input.ts). */
export const searchWords = (text: string) => normalizeTyped(text)

export interface SearchContext {
  text: string
  results: SearchResult[]
}

export type SearchEvent = { type: 'search.input'; text: string }

/** A failed search: `status` is the HTTP status (404 means "no results", spec §8). */
export interface SearchFailure {
  status: number
}

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && (error as SearchFailure).status === 404

export const searchMachine = setup({
  types: { context: {} as SearchContext, events: {} as SearchEvent },
  actors: { search: fromPromise<SearchResult[], { text: string }>(async () => []) },
  delays: { searchDebounce: limits.searchDebounceMs },
  guards: {
    hasText: ({ event }) => event.type === 'search.input' && searchWords(event.text) !== '',
    tooLong: ({ event }) => event.type === 'search.input' && searchWords(event.text).length > limits.searchMaxLength,
    hasResults: (_, params: { results: SearchResult[] }) => params.results.length > 0,
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
  },
  actions: {
    storeText: assign({ text: ({ event }) => (event.type === 'search.input' ? event.text : '') }),
    clear: assign({ text: '', results: [] }),
  },
}).createMachine({
  id: 'search',
  description:
    'The search dialog: typing waits half a second, then searches the documentation; shows the results, or "No results found" (an empty list or a 404). Emptying the field clears everything.',
  context: { text: '', results: [] },
  initial: 'idle',
  on: {
    'search.input': [
      { guard: 'tooLong', target: '.tooLong', actions: 'storeText', description: 'The user types more words than a search takes' },
      {
        guard: 'hasText',
        target: '.debouncing',
        actions: 'storeText',
        reenter: true,
        description: 'The user types words (each keystroke starts the half-second wait again)',
      },
      { target: '.idle', actions: 'clear', description: 'The user empties the field' },
    ],
  },
  states: {
    idle: { description: 'Nothing to show: the field is empty (or the last search failed).', tags: ['search.empty'] },
    debouncing: {
      description: 'Waiting for the user to stop typing.',
      tags: ['search.typing'],
      after: { searchDebounce: { target: 'searching', description: 'Half a second without typing' } },
    },
    searching: {
      description: 'The documentation is being searched: "Searching…" shows.',
      tags: ['search.searching'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ text: searchWords(context.text) }),
        onDone: [
          {
            guard: { type: 'hasResults', params: ({ event }) => ({ results: event.output }) },
            target: 'results',
            actions: assign({ results: ({ event }) => event.output }),
            description: 'The server answers pages',
          },
          { target: 'noResults', actions: assign({ results: [] }), description: 'The server answers an empty list' },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'noResults',
            actions: assign({ results: [] }),
            description: 'The server answers 404 (nothing found)',
          },
          { target: 'idle', actions: assign({ results: [] }), description: 'The search fails otherwise (network, server error)' },
        ],
      },
    },
    results: { description: 'The list of matching pages, each with its title and summary.', tags: ['search.results'] },
    noResults: { description: '"No results found. Try other words."', tags: ['search.noResults'] },
    tooLong: { description: '"Search words can be at most 200 characters": nothing is searched until the words are shorter.', tags: ['search.tooLong'] },
  },
})
