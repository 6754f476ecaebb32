import { Trans, useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { MenuItem } from '@/domain/content.ts'
import { asksToSignIn } from '@/domain/site.ts'
import { useSession } from '@/web/lib/session.tsx'
import { useComponent, useContentLang } from '../api.ts'
import { buttonClass } from '@/web/ui/button.tsx'
import { Icon } from '@/web/ui/icons.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { KeptMarkup } from '@/web/ui/kept-markup.tsx'

export type DocSection = 'products' | 'miniapp'

/**
 * The left menu of spec §2 Sidebar: from content, toggleable and nested items, auth-menu entries, internal/external.
 * On the page the server rendered, its entries are the server's HTML until the menu is needed (`KeptMarkup`, issue 19):
 * an expand button used, or the next page's loader fetching it.
 */
export function Sidebar({ section }: { section: DocSection }) {
  const { t } = useLingui()
  const menu = useComponent('leftMenu')
  const lang = useContentLang()
  const [open, setOpen] = useState(false)
  const { isSignedIn } = useSession()
  // the server drew the menu for a visitor (its sign-in locks): a signed-in reader's menu is drawn from its data
  const { kept, load } = menu
  useEffect(() => {
    if (kept && isSignedIn) load()
    // when the reader is known to be signed in; `load` is new with each render
  }, [kept, isSignedIn]) // eslint-disable-line react-hooks/exhaustive-deps
  const groups = (menu.data ?? []).filter((g) => (section === 'miniapp' ? g.menuType === 'miniapp' : g.menuType !== 'miniapp'))
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary', 'small', 'doc-sidebar__toggle')}
        aria-expanded={open}
        aria-controls="doc-sidebar"
        onClick={() => setOpen(!open)}
      >
        <Icon name="menu" size={18} />
        <Trans>Menu</Trans>
      </button>
      <nav id="doc-sidebar" className={`doc-sidebar${open ? ' doc-sidebar--open' : ''}`} aria-label={t`Documentation`}>
        <div className="doc-sidebar__head">
          <button type="button" className={buttonClass('secondary', 'small', 'doc-sidebar__close')} onClick={() => setOpen(false)}>
            <Icon name="close" size={18} />
            <Trans>Close menu</Trans>
          </button>
        </div>
        <KeptMarkup as="ul" id={`leftMenu.${lang}`} className="doc-sidebar__list" live={menu.data !== undefined} kept={menu.kept} load={menu.load}>
          {groups.map((item, i) => (
            <MenuEntry key={`${item.title}-${i}`} item={item} depth={0} />
          ))}
        </KeptMarkup>
      </nav>
      {open && <div className="doc-sidebar__backdrop" onClick={() => setOpen(false)} aria-hidden="true" />}
    </>
  )
}

function MenuEntry({ item, depth }: { item: MenuItem; depth: number }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname.replace(/^\/webview/, '') })
  const { isSignedIn } = useSession()
  const path = `/${item.slug.current}`
  const containsCurrent = (i: MenuItem): boolean => `/${i.slug.current}` === pathname || i.menuItems.some(containsCurrent)
  const [expanded, setExpanded] = useState(() => depth === 0 || containsCurrent(item))
  const current = item.slug.current !== '' && path === pathname
  const locked = !isSignedIn && asksToSignIn(item, path)
  const link =
    item.navigationType === 'external' && item.externalLink ? (
      <a href={item.externalLink} target="_blank" rel="noopener noreferrer" className="doc-sidebar__link">
        {item.title} <span aria-hidden="true">↗</span>
      </a>
    ) : item.slug.current ? (
      <InternalLink
        href={locked ? `/account/signin?redirect=${encodeURIComponent(path)}` : path}
        className="doc-sidebar__link"
        aria-current={current ? 'page' : undefined}
      >
        {item.title}
        {locked && (
          <span className="doc-sidebar__lock">
            {' '}
            <Trans>(sign in)</Trans>
          </span>
        )}
      </InternalLink>
    ) : (
      <span className="doc-sidebar__label">{item.title}</span>
    )
  if (item.menuItems.length === 0) return <li>{link}</li>
  return (
    <li className="doc-sidebar__group">
      <div className="doc-sidebar__row">
        {link}
        {item.toggleable && (
          <button type="button" className="doc-sidebar__expand" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            <span className="visually-hidden">{item.title}</span>
            <span aria-hidden="true">{expanded ? '−' : '+'}</span>
          </button>
        )}
      </div>
      {(expanded || !item.toggleable) && (
        <ul>
          {item.menuItems.map((child, i) => (
            <MenuEntry key={`${child.title}-${i}`} item={child} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  )
}
