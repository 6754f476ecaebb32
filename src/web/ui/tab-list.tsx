import type { ReactNode } from 'react'
import { useTabKeys } from './tab-keys.ts'

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
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={keys.onKeyDown}>
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
