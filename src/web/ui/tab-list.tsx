import { useEffect, useRef, type ReactNode } from 'react'
import { useTabKeys } from './tab-keys.ts'
import './kit.css'

/**
 * A controlled WAI-ARIA tab list (the page owns which tab is selected, e.g. in a search param): buttons with
 * `role="tab"`, arrow keys along the list, only the selected tab in the tab order. The panel is the page's.
 */
export function TabList<Id extends string>({
  ids,
  current,
  onSelect,
  labelOf,
  tabId,
  panelId,
  label,
  className = 'shell-tabs',
}: {
  ids: readonly Id[]
  current: Id
  onSelect: (id: Id) => void
  labelOf: (id: Id) => ReactNode
  tabId: (id: Id) => string
  panelId: (id: Id) => string
  label: string
  className?: string
}) {
  const keys = useTabKeys(ids, current, onSelect)
  // a strip wider than a phone scrolls (its edges fade as a cue, ui.css): the selected tab is brought into the strip's
  // view, without scrolling the page (issue 20)
  const list = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const strip = list.current
    const tab = strip?.querySelector<HTMLElement>('[aria-selected="true"]')
    if (!strip || !tab || strip.scrollWidth <= strip.clientWidth) return
    const left = tab.offsetLeft - strip.offsetLeft
    if (left < strip.scrollLeft || left + tab.offsetWidth > strip.scrollLeft + strip.clientWidth)
      strip.scrollLeft = left - (strip.clientWidth - tab.offsetWidth) / 2
  }, [current])
  return (
    <div ref={list} role="tablist" aria-label={label} className={`${className} ui-scroll-cue`} onKeyDown={keys.onKeyDown}>
      {ids.map((id) => (
        <button
          key={id}
          ref={keys.tabRef(id)}
          type="button"
          role="tab"
          id={tabId(id)}
          aria-selected={id === current}
          aria-controls={panelId(id)}
          tabIndex={id === current ? 0 : -1}
          className="shell-tabs__tab"
          onClick={() => onSelect(id)}
        >
          {labelOf(id)}
        </button>
      ))}
    </div>
  )
}
