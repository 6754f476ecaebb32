import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import './kit.css'

export interface TabItem {
  id: string
  label: ReactNode
  content: ReactNode
}

/** Tabs with arrow-key navigation; the panel fades in (tab fade, spec §9). */
export function Tabs({ items, label, initial }: { items: TabItem[]; label: string; initial?: string }) {
  const [active, setActive] = useState(initial ?? items[0]?.id)
  const base = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const current = items.find((i) => i.id === active) ?? items[0]
  const onKey = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!delta) return
    event.preventDefault()
    const next = (index + delta + items.length) % items.length
    setActive(items[next]!.id)
    refs.current[next]?.focus()
  }
  if (!current) return null
  return (
    <div className="ui-tabs">
      <div role="tablist" aria-label={label} className="ui-tabs__list">
        {items.map((item, i) => (
          <button
            key={item.id}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${base}-${item.id}`}
            aria-selected={item.id === current.id}
            aria-controls={`${base}-panel`}
            tabIndex={item.id === current.id ? 0 : -1}
            className="ui-tabs__tab"
            onClick={() => setActive(item.id)}
            onKeyDown={(e) => onKey(e, i)}
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
