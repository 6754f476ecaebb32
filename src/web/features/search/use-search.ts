import { useLingui } from '@lingui/react'
import { useMachine } from '@xstate/react'
import { useRef } from 'react'
import { fromPromise } from 'xstate'
import type { SearchResult } from '@/domain/content.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { searchMachine } from '@machines/search.machine.ts'
import { searchPages } from './api.ts'

/** Binds the search machine to the content API in the current UI language. */
export function useSearch() {
  const { i18n } = useLingui()
  // The actor is created once; it reads the language at search time, so a switch applies to the next query.
  const lang = useRef<'ja' | 'en'>('ja')
  lang.current = i18n.locale === 'en' ? 'en' : 'ja'
  const [snapshot, send] = useMachine(
    searchMachine.provide({
      actors: {
        search: fromPromise<SearchResult[], { text: string }>(({ input, signal }) => searchPages(input.text, lang.current, signal)),
      },
    }),
    { inspect: inspectOption() },
  )
  return {
    text: snapshot.context.text,
    results: snapshot.context.results,
    status: snapshot.value,
    setText: (text: string) => send({ type: 'search.input', text }),
  }
}
