import { useLocation } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { TopMenuGroup } from '@/domain/site.ts'
import { Icon } from '@/web/ui/icons.tsx'
import { KeptMarkup } from '@/web/ui/kept-markup.tsx'
import { useHydrated } from '@/web/ui/use-hydrated.ts'
import type { KeptMenus } from './kept-menus.ts'
import { MenuEntry } from './menu-entry.tsx'

export interface TopMenuProps {
  groups: TopMenuGroup[] | undefined
  menus: KeptMenus
  signedIn: boolean
  onNeedsSignIn: (title: string) => void
  label: string
}

/**
 * The tablet/desktop top menu: one disclosure button per group, its panel of tiles and links below it. A closed
 * panel is an empty element (its button's `aria-controls` points at it): the server's HTML carries no closed panel's
 * links (issue 19), and the buttons stay disabled until the page is hydrated (only then can they open one). The
 * server's list of buttons is kept as it is while the menus' data is not here (`KeptMarkup`): pointing at a button or
 * focusing it asks for the data, and a click before it came opens its panel once it is here.
 */
export function TopMenu({ groups, menus, signedIn, onNeedsSignIn, label }: TopMenuProps) {
  const [openKey, setOpenKey] = useState<string | null>(null)
  const navRef = useRef<HTMLElement>(null)
  const pathname = useLocation({ select: (l) => l.pathname })
  const baseId = useId()
  const hydrated = useHydrated()

  useEffect(() => setOpenKey(null), [pathname])
  useEffect(() => {
    if (!openKey) return
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setOpenKey(null)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      const button = navRef.current?.querySelector<HTMLButtonElement>(`[data-group="${openKey}"]`)
      setOpenKey(null)
      button?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [openKey])

  return (
    <nav ref={navRef} className="shell-topnav" aria-label={label}>
      <KeptMarkup as="ul" id={menus.id} className="shell-topnav__list" live={groups !== undefined} kept={menus.kept} load={menus.load}>
        {groups?.map((group) => {
          const open = openKey === group.key
          const panelId = `${baseId}-${group.key}`
          return (
            <li key={group.key} className="shell-topnav__item">
              <button
                type="button"
                className="shell-topnav__button"
                aria-expanded={open}
                aria-controls={panelId}
                data-group={group.key}
                disabled={!hydrated}
                data-awaits-hydration={hydrated ? undefined : ''}
                onClick={() => setOpenKey(open ? null : group.key)}
              >
                {group.title}
                <Icon name="chevron-down" size={16} />
              </button>
              <div id={panelId} className="shell-topnav__panel" hidden={!open}>
                {open && group.menuItems.length > 0 && (
                  <div className="shell-topnav__tiles">
                    {group.menuItems.map((link) => (
                      <MenuEntry key={link.title} link={link} signedIn={signedIn} onNeedsSignIn={onNeedsSignIn} onNavigate={() => setOpenKey(null)} />
                    ))}
                  </div>
                )}
                {open && group.subMenuItems.length > 0 && (
                  <ul className="shell-topnav__links">
                    {group.subMenuItems.map((link) => (
                      <li key={link.title}>
                        <MenuEntry link={link} signedIn={signedIn} onNeedsSignIn={onNeedsSignIn} onNavigate={() => setOpenKey(null)} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          )
        })}
      </KeptMarkup>
    </nav>
  )
}
