import { Trans, useLingui } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { TopMenuGroup } from '@/domain/site.ts'
import { buttonClass } from '@/web/ui/button.tsx'
import { Icon } from '@/web/ui/icons.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { useModalDialog } from '@/web/ui/use-modal-dialog.ts'
import { LanguageToggle } from './language-toggle.tsx'
import { MenuEntry } from './menu-entry.tsx'

export interface MobileMenuProps {
  open: boolean
  onClose: () => void
  groups: TopMenuGroup[]
  signedIn: boolean
  onNeedsSignIn: (title: string) => void
}

/**
 * The phone layout's slide-out menu (spec §2: Products, Develop, Resources), on a native modal `<dialog>`
 * so focus stays inside and Escape closes it; focus goes back to the menu button afterwards.
 */
export function MobileMenu({ open, onClose, groups, signedIn, onNeedsSignIn }: MobileMenuProps) {
  const { t } = useLingui()
  const ref = useModalDialog(open)
  const pathname = useLocation({ select: (l) => l.pathname })

  // a navigation (a menu link was followed) closes the menu
  useEffect(() => onClose(), [pathname, onClose])

  return (
    <dialog
      ref={ref}
      className="shell-drawer"
      aria-label={t`Menu`}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose()
      }}
    >
      {open && (
        <div className="shell-drawer__body">
          <div className="shell-drawer__head">
            <span className="shell-drawer__title">
              <Trans>Menu</Trans>
            </span>
            <button type="button" className="ui-icon-button" aria-label={t`Close menu`} onClick={onClose}>
              <Icon name="close" />
            </button>
          </div>
          <nav aria-label={t`Main`}>
            {groups.map((group) => (
              <details key={group.key} className="shell-drawer__group" open={group.key === 'products'}>
                <summary>
                  {group.title}
                  <Icon name="chevron-down" size={16} />
                </summary>
                <ul>
                  {[...group.menuItems, ...group.subMenuItems].map((link) => (
                    <li key={link.title}>
                      <MenuEntry
                        link={{ ...link, menuType: 'link' }}
                        signedIn={signedIn}
                        onNeedsSignIn={(title) => {
                          onClose()
                          onNeedsSignIn(title)
                        }}
                        onNavigate={onClose}
                      />
                    </li>
                  ))}
                </ul>
              </details>
            ))}
          </nav>
          <LanguageToggle className="shell-drawer__lang" />
          {!signedIn && (
            <div className="shell-drawer__auth">
              <InternalLink href="/account/signup" className={buttonClass('secondary')}>
                <Trans>Sign up</Trans>
              </InternalLink>
              <InternalLink href="/account/signin" className={buttonClass('primary')}>
                <Trans>Sign in</Trans>
              </InternalLink>
            </div>
          )}
        </div>
      )}
    </dialog>
  )
}
