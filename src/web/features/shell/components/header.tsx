import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { useCallback, useState, type ReactNode } from 'react'
import type { TopMenuGroup } from '@/domain/site.ts'
import { useSession } from '@/web/lib/session.tsx'
import { buttonClass } from '@/web/ui/button.tsx'
import { Icon, LogoMark } from '@/web/ui/icons.tsx'
import { splitWebview } from '@/web/lib/guard.ts'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { useHydrated } from '@/web/ui/use-hydrated.ts'
import { LanguageToggle } from './language-toggle.tsx'
import { LoginPopup } from './login-popup.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import type { KeptMenus } from './kept-menus.ts'
import { TopMenu } from './top-menu.tsx'

export interface HeaderProps {
  /** Undefined while its data is not here (`menus.kept`: the server's HTML shows it). */
  topMenu: TopMenuGroup[] | undefined
  menus: KeptMenus
  /** Opens the search dialog; without it the search button is not shown. */
  onSearch?: () => void
  /** The account feature's profile dropdown, shown when signed in (composed by the layout route). */
  profileMenu: ReactNode
}

/**
 * spec §2 Header. Three layouts by width (CSS, tokens in shell.css): phone ≤ 900 px (menu button + slide-out),
 * tablet 901–1139 px (compact top menu and buttons), desktop ≥ 1140 px.
 */
export function Header({ topMenu, menus, onSearch, profileMenu }: HeaderProps) {
  const { t } = useLingui()
  const { isSignedIn } = useSession()
  // the search and the menu open what only the hydrated page can show: until then their buttons say they are not ready
  const hydrated = useHydrated()
  const [menuOpen, setMenuOpen] = useState(false)
  const [signInFor, setSignInFor] = useState<string | null>(null)
  const path = useLocation({ select: (l) => splitWebview(l.pathname).path })
  const closeMenu = useCallback(() => setMenuOpen(false), [])

  return (
    <header className="shell-header">
      <div className="shell-header__inner">
        <button
          type="button"
          className="ui-icon-button shell-header__menu-button"
          aria-label={t`Open menu`}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          disabled={!hydrated}
          onPointerEnter={() => void menus.load()}
          onFocus={() => void menus.load()}
          onClick={() => void menus.load().then(() => setMenuOpen(true))}
        >
          <Icon name="menu" />
        </button>
        <Link to="/{-$webview}" className="shell-logo">
          <LogoMark />
          <span className="shell-logo__name">PayLab</span> <span className="shell-logo__tag">Developers</span>
          <span className="visually-hidden"> {t`home`}</span>
        </Link>
        <TopMenu groups={topMenu} menus={menus} signedIn={isSignedIn} onNeedsSignIn={setSignInFor} label={t`Main`} />
        <div className="shell-header__actions">
          {onSearch && (
            <button type="button" className="shell-search-button" onClick={onSearch} disabled={!hydrated} aria-label={t`Search the documentation`}>
              <Icon name="search" size={20} />
              <span className="shell-search-button__label" aria-hidden="true">
                <Trans>Search</Trans>
              </span>
            </button>
          )}
          <LanguageToggle className="shell-header__lang" />
          {isSignedIn ? (
            <>
              {path !== '/dashboard/home' && (
                <InternalLink href="/dashboard/home" className={buttonClass('secondary', 'small', 'shell-header__dashboard')}>
                  <Icon name="dashboard" size={18} />
                  {/* on a phone the icon alone, so the avatar beside it stays on screen (issue 11) */}
                  <span className="shell-header__dashboard-label">
                    <Trans>Dashboard</Trans>
                  </span>
                </InternalLink>
              )}
              {profileMenu}
            </>
          ) : (
            <div className="shell-header__auth">
              <InternalLink href="/account/signup" className={buttonClass('secondary', 'small')}>
                <Trans>Sign up</Trans>
              </InternalLink>
              <InternalLink href="/account/signin" className={buttonClass('primary', 'small')}>
                <Trans>Sign in</Trans>
              </InternalLink>
            </div>
          )}
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={closeMenu} groups={topMenu ?? []} signedIn={isSignedIn} onNeedsSignIn={setSignInFor} />
      <LoginPopup menuTitle={signInFor} onClose={() => setSignInFor(null)} />
    </header>
  )
}
