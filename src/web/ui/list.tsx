import type { ReactNode } from 'react'
import './kit.css'

export interface ListItemData {
  id: string
  title: ReactNode
  description?: ReactNode
  leading?: ReactNode
  trailing?: ReactNode
}

/** A list of rows (settings, transactions, menus). */
export function List({ items, label }: { items: ListItemData[]; label?: string }) {
  return (
    <ul className="ui-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="ui-list__row">
          {item.leading && <span className="ui-list__leading">{item.leading}</span>}
          <span className="ui-list__text">
            <span className="ui-list__title">{item.title}</span>
            {item.description && <span className="ui-list__description">{item.description}</span>}
          </span>
          {item.trailing && <span className="ui-list__trailing">{item.trailing}</span>}
        </li>
      ))}
    </ul>
  )
}
