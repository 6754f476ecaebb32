import type { ReactNode } from 'react'
import { Icon } from './icons.tsx'
import './kit.css'

/** The mini-app navigation bar (spec §2 Mini-app screens): back, screen name, menu (mandatory) and close. */
export function NavBar({
  title,
  backLabel,
  menuLabel,
  closeLabel,
  onBack,
  onMenu,
  onClose,
}: {
  title: ReactNode
  backLabel: string
  menuLabel: string
  closeLabel: string
  onBack?: () => void
  onMenu?: () => void
  onClose?: () => void
}) {
  return (
    <div className="ui-navbar">
      <button type="button" className="ui-navbar__button" aria-label={backLabel} onClick={onBack}>
        ‹
      </button>
      <span className="ui-navbar__title">{title}</span>
      <span className="ui-navbar__capsule">
        <button type="button" className="ui-navbar__button" aria-label={menuLabel} onClick={onMenu}>
          ⋯
        </button>
        <button type="button" className="ui-navbar__button" aria-label={closeLabel} onClick={onClose}>
          <Icon name="close" size={16} />
        </button>
      </span>
    </div>
  )
}
