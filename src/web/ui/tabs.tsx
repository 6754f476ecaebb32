import { useId, useState, type ReactNode } from 'react'
import { useTabKeys } from './tab-keys.ts'
import './kit.css'

export interface TabItem {
  id: string
  label: ReactNode
  content: ReactNode
}

/** Tabs with arrow-key navigation; the panel fades in (tab fade, spec §9). */
export function Tabs({ items, label, initial }: { items: TabItem[]; label?: string; initial?: string }) {
  const [active, setActive] = useState(initial ?? items[0]?.id)
  const base = useId()
  const current = items.find((i) => i.id === active) ?? items[0]
  const keys = useTabKeys(
    items.map((i) => i.id),
    current?.id ?? '',
    setActive,
  )
  if (!current) return null
  return (
    <div className="ui-tabs">
      <div role="tablist" aria-label={label} className="ui-tabs__list ui-scroll-cue" onKeyDown={keys.onKeyDown}>
        {items.map((item) => (
          <button
            key={item.id}
            ref={keys.tabRef(item.id)}
            type="button"
            role="tab"
            id={`${base}-${item.id}`}
            aria-selected={item.id === current.id}
            aria-controls={`${base}-panel`}
            tabIndex={item.id === current.id ? 0 : -1}
            className="ui-tabs__tab"
            onClick={() => setActive(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${current.id}`} className="ui-tabs__panel" key={current.id}>
        {current.content}
      </div>
    </div>
  )
}
