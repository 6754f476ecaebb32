import { useRouter } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type MouseEvent } from 'react'
import type { Page } from '@/domain/content.ts'
import { blocksKept } from '../api.ts'
import { PageBlocks } from './blocks.tsx'
import { savedCodeLanguage } from './code-block.tsx'
import { DocSkeleton } from './skeleton.tsx'

/** The controls among a page's blocks that need the page's data to work (code tabs, copy, slider, content tabs, demo). */
const controls = 'button, [role="tab"], input, select, textarea, summary'

/** The HTML the server wrote for the blocks of `id` (none on the server, or once that page has left the document). */
function serverMarkup(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  return [...document.querySelectorAll('[data-blocks]')].find((element) => element.getAttribute('data-blocks') === id)?.innerHTML
}

const indexIn = (root: HTMLElement | null, element: Element | null) => (root && element ? [...root.querySelectorAll(controls)].indexOf(element) : -1)

/**
 * A content page's blocks (issue 19: a page carries its content once). The server renders them from the page's data
 * and leaves them out of its hydration data (`withoutKeptBlocks`); the browser, hydrating, keeps the server's HTML of
 * them as it is (`dangerouslySetInnerHTML` of the element's own markup: React leaves it alone) and asks for the page's
 * data only when it needs it:
 * - the reader points at, focuses or uses a control among the blocks (code tabs, copy, slider, tabs, the checkout
 *   demo): the data is asked for, the blocks are drawn from it (the same markup), and a click that came before it is
 *   done again on the same control, the focus kept on it;
 * - the saved code language is not the one the server drew (the server cannot read it): the code blocks show it;
 * - the server's HTML of this page is no longer in the document (the reader came back to it): a skeleton meanwhile.
 * A control the server disabled until hydration (`data-awaits-hydration`) is enabled once the page is hydrated.
 * A link to another page of the portal among the kept blocks navigates in the page, as `InternalLink` does.
 * `load` asks for the page's data again (the page query's `refetch`): the answer replaces the kept page in the cache.
 */
export function KeptBlocks({ page, id, load }: { page: Page; id: string; load: () => unknown }) {
  const router = useRouter()
  const kept = blocksKept(page)
  const [server] = useState(() => ({ id, html: kept ? serverMarkup(id) : undefined }))
  const html = kept && server.id === id ? server.html : undefined
  const ref = useRef<HTMLDivElement>(null)
  const asked = useRef(false)
  /** The control clicked, and the one focused, before the data came (their place among the controls). */
  const pending = useRef({ click: -1, focus: -1 })
  const ask = () => {
    if (asked.current) return
    asked.current = true
    load()
  }

  useEffect(() => {
    if (!kept) return
    // what the server disabled until the page is hydrated is usable now (a click on it asks for the data, then is done)
    ref.current?.querySelectorAll('[data-awaits-hydration]').forEach((control) => {
      control.removeAttribute('disabled')
      control.removeAttribute('data-awaits-hydration')
    })
    if (html === undefined) ask()
    else if (savedCodeLanguage() !== undefined && ref.current?.querySelector('.code-block [role="tab"]')) ask()
    // once per kept page: `ask` remembers that it asked
  }, [kept, html]) // eslint-disable-line react-hooks/exhaustive-deps

  useLayoutEffect(() => {
    if (kept || !ref.current) return
    const { click, focus } = pending.current
    pending.current = { click: -1, focus: -1 }
    asked.current = false
    const all = ref.current.querySelectorAll<HTMLElement>(controls)
    if (focus >= 0 && (document.activeElement === document.body || document.activeElement === null)) all[focus]?.focus()
    if (click >= 0) all[click]?.click()
  }, [kept])

  if (!kept) {
    return (
      <div ref={ref} key="live" className="doc-blocks" data-blocks={id}>
        <PageBlocks blocks={page.sections} />
      </div>
    )
  }
  if (html === undefined) return <DocSkeleton />

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element
    const link = target.closest('a[href]')
    if (link) {
      const href = link.getAttribute('href')!
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.hasAttribute('target')) return
      if (!href.startsWith('/') || href.startsWith('//')) return // in-page anchors and other sites: the browser's
      event.preventDefault()
      void router.navigate({ href })
      return
    }
    const control = target.closest(controls)
    if (!control) return
    pending.current.click = indexIn(ref.current, control)
    ask()
  }
  const onIntent = (event: MouseEvent<HTMLDivElement> | FocusEvent<HTMLDivElement>) => {
    const control = (event.target as Element).closest(controls)
    if (!control) return
    if (event.type === 'focus') pending.current.focus = indexIn(ref.current, control)
    ask()
  }
  return (
    <div
      ref={ref}
      key="kept"
      className="doc-blocks"
      data-blocks={id}
      onClick={onClick}
      onPointerOver={onIntent}
      onFocus={onIntent}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
