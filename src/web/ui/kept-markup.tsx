import { useRouter } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react'

/** The controls of a kept element that need its data to work (tabs, copy, slider, expand buttons, the checkout demo). */
const controls = 'button, [role="tab"], input, select, textarea, summary'

/** The HTML the server wrote in the element kept as `id` (none on the server, or once that element left the document). */
export function serverMarkup(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  return [...document.querySelectorAll('[data-kept]')].find((element) => element.getAttribute('data-kept') === id)?.innerHTML
}

const indexIn = (root: HTMLElement | null, element: Element | null) => (root && element ? [...root.querySelectorAll(controls)].indexOf(element) : -1)

/**
 * An element whose content the server renders from data it leaves out of the hydration data (issue 19: a page carries
 * its content once). `live`: the data is here, the content is drawn from it. Otherwise, when the data was left out
 * (`kept`), the browser keeps the server's HTML of the element as it is (`dangerouslySetInnerHTML` of its own markup,
 * which React leaves alone when it hydrates) and asks for the data (`load`) only when it needs it:
 * - the reader points at, focuses or uses a control in it: the data is asked for, the content is drawn from it (the
 *   same markup), and a click that came before it is done again on the same control, the focus kept on it;
 * - `needsData` says so once the page is hydrated (what the server could not know, e.g. a choice saved in the browser);
 * - the server's HTML is no longer in the document (the reader came back to it): `fallback` meanwhile.
 * A control that works without the data (`uses`) is used on the kept HTML.
 * A link to a portal path in the kept HTML navigates in the page, as `InternalLink` does; a control the server disabled
 * until hydration (`data-awaits-hydration`) is enabled once the page is hydrated.
 */
export function KeptMarkup({
  as: Tag = 'div',
  id,
  className,
  live,
  kept,
  load,
  fallback = null,
  needsData,
  uses,
  children,
}: {
  as?: 'div' | 'ul'
  id: string
  className: string
  live: boolean
  kept: boolean
  load: () => unknown
  fallback?: ReactNode
  needsData?: (root: HTMLElement) => boolean
  /** The controls that work on the kept HTML without the data (e.g. a copy button): their selector and what a use does. */
  uses?: { selector: string; use: (control: HTMLElement) => void }
  children: ReactNode
}) {
  const router = useRouter()
  const keeping = !live && kept
  const [server] = useState(() => ({ id, html: keeping ? serverMarkup(id) : undefined }))
  const html = keeping && server.id === id ? server.html : undefined
  // one object per kept HTML: React sets `innerHTML` again whenever this prop is a new object, which would undo what
  // was done to the kept elements since (e.g. the controls enabled once hydrated)
  const inner = useMemo(() => ({ __html: html ?? '' }), [html])
  const ref = useRef<HTMLElement>(null)
  const asked = useRef(false)
  /** The control clicked, and the one focused, before the data came (their place among the controls). */
  const pending = useRef({ click: -1, focus: -1 })
  const ask = () => {
    if (asked.current) return
    asked.current = true
    load()
  }

  useEffect(() => {
    if (!keeping) return
    ref.current?.querySelectorAll('[data-awaits-hydration]').forEach((control) => {
      control.removeAttribute('disabled')
      control.removeAttribute('data-awaits-hydration')
    })
    if (html === undefined || (ref.current && needsData?.(ref.current))) ask()
    // once per kept content: `ask` remembers that it asked
  }, [keeping, html]) // eslint-disable-line react-hooks/exhaustive-deps

  useLayoutEffect(() => {
    if (!live || !ref.current) return
    const { click, focus } = pending.current
    pending.current = { click: -1, focus: -1 }
    asked.current = false
    const all = ref.current.querySelectorAll<HTMLElement>(controls)
    if (focus >= 0 && (document.activeElement === document.body || document.activeElement === null)) all[focus]?.focus()
    if (click >= 0) all[click]?.click()
  }, [live])

  if (html === undefined) {
    return (
      <Tag ref={ref as never} key="live" className={className} data-kept={id}>
        {live ? children : fallback}
      </Tag>
    )
  }

  const onClick = (event: MouseEvent<HTMLElement>) => {
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
    const handled = uses && target.closest<HTMLElement>(uses.selector)
    if (handled) return uses.use(handled)
    const control = target.closest(controls)
    if (!control) return
    pending.current.click = indexIn(ref.current, control)
    ask()
  }
  const onIntent = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const control = (event.target as Element).closest(controls)
    if (!control || (uses && control.matches(uses.selector))) return
    if (event.type === 'focus') pending.current.focus = indexIn(ref.current, control)
    ask()
  }
  return (
    <Tag
      ref={ref as never}
      key="kept"
      className={className}
      data-kept={id}
      onClick={onClick}
      onPointerOver={onIntent}
      onFocus={onIntent}
      dangerouslySetInnerHTML={inner}
    />
  )
}
