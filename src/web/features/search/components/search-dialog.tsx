import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useId, type MouseEvent } from 'react'
import type { SearchResult } from '@/domain/content.ts'
import { limits } from '@/domain/limits.ts'
import { useModalDialog } from '@/web/ui/use-modal-dialog.ts'
import { useSearch } from '../use-search.ts'
import '../search.css'

/**
 * The search dialog of spec §2: a native modal <dialog> with a labelled text field. Escape or the close icon
 * close it (the dialog owns open/close, the search machine the query); focus goes back where it was.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useModalDialog(open, onClose)
  useEffect(() => {
    // showModal focuses the first control (the close icon); the text field is where a search starts
    if (open) dialog.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus()
  }, [open, dialog])
  return (
    <dialog ref={dialog} className="search-dialog" aria-labelledby="search-dialog-title">
      {open && <SearchPanel onDone={() => dialog.current?.close()} />}
    </dialog>
  )
}

function SearchPanel({ onDone }: { onDone: () => void }) {
  const { t } = useLingui()
  const { text, results, status, setText } = useSearch()
  const inputId = useId()
  const router = useRouter()
  const webview = useRouterState({ select: (s) => s.location.pathname === '/webview' || s.location.pathname.startsWith('/webview/') })
  const hrefOf = (result: SearchResult) => `${webview ? '/webview' : ''}/${result.slug}`
  const follow = (event: MouseEvent<HTMLAnchorElement>, result: SearchResult) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onDone()
    router.history.push(hrefOf(result))
  }
  return (
    <div className="search-dialog__panel">
      <div className="search-dialog__head">
        <h2 id="search-dialog-title" className="search-dialog__title">
          <Trans>Search the documentation</Trans>
        </h2>
        <button type="button" className="search-dialog__close" onClick={onDone} aria-label={t`Close search`}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <label htmlFor={inputId} className="visually-hidden">
        <Trans>Search words</Trans>
      </label>
      <input
        id={inputId}
        type="search"
        className="search-dialog__input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Chromium's search field would spend the first Escape on clearing itself; spec §2: Escape closes
          if (e.key === 'Escape') {
            e.preventDefault()
            onDone()
          }
        }}
        placeholder={t`e.g. 決済, refund, QR code`}
        autoComplete="off"
      />
      <div className="search-dialog__status" role="status" aria-live="polite">
        {status === 'searching' && (
          <span className="search-dialog__loader">
            <Trans>Searching…</Trans>
          </span>
        )}
        {status === 'noResults' && (
          <p className="search-dialog__empty">
            <Trans>No results found. Try other words.</Trans>
          </p>
        )}
        {status === 'tooLong' && (
          <p className="search-dialog__too-long">
            <Trans>Search words can be at most {limits.searchMaxLength} characters. Shorten them to search.</Trans>
          </p>
        )}
        {status === 'results' && (
          <span className="visually-hidden">
            <Trans>{results.length} results</Trans>
          </span>
        )}
      </div>
      {status === 'results' && (
        <ul className="search-dialog__results" aria-label={t`Search results`}>
          {results.map((result) => (
            <li key={result.slug}>
              <a href={hrefOf(result)} onClick={(e) => follow(e, result)} className="search-dialog__result">
                <span className="search-dialog__result-title">{result.title}</span>
                <span className="search-dialog__result-description">{result.description}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
