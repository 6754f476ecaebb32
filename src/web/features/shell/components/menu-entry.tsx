import { Trans } from '@lingui/react/macro'
import { asksToSignIn, menuTarget, type MenuLink } from '@/domain/site.ts'
import { Icon, isIconName } from '@/web/ui/icons.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'

export interface MenuEntryProps {
  link: MenuLink
  signedIn: boolean
  /** A logged-out visitor chose a tile that needs an account (spec §2: login popup showing its title). */
  onNeedsSignIn: (title: string) => void
  onNavigate?: () => void
  className?: string
}

/**
 * One menu entry: an image tile or a text link. External → new tab; internal → `/{slug}`; an internal
 * tile marked `authMenuPath` opens the sign-in popup for logged-out visitors, unless its page is public (`asksToSignIn`).
 */
export function MenuEntry({ link, signedIn, onNeedsSignIn, onNavigate, className }: MenuEntryProps) {
  const target = menuTarget(link)
  if (!target) return null
  const tile = link.menuType === 'tile'
  const body = (
    <>
      {isIconName(link.icon) && (
        <span className="shell-menu-entry__icon">
          <Icon name={link.icon} size={tile ? 28 : 20} />
        </span>
      )}
      <span className="shell-menu-entry__text">
        <span className="shell-menu-entry__title">
          {link.title}
          {target.kind === 'external' && (
            <>
              {' '}
              <Icon name="external" size={14} />
              <span className="visually-hidden">
                <Trans>(opens in a new tab)</Trans>
              </span>
            </>
          )}
        </span>
        {tile && link.description && <span className="shell-menu-entry__description">{link.description}</span>}
      </span>
    </>
  )
  const classes = `shell-menu-entry shell-menu-entry--${tile ? 'tile' : 'link'}${className ? ` ${className}` : ''}`
  if (target.kind === 'external') {
    return (
      <a className={classes} href={target.href} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
        {body}
      </a>
    )
  }
  if (!signedIn && asksToSignIn(link, target.path)) {
    return (
      <button type="button" className={classes} aria-haspopup="dialog" onClick={() => onNeedsSignIn(link.title)}>
        {body}
      </button>
    )
  }
  return (
    <InternalLink className={classes} href={target.path} onClick={onNavigate}>
      {body}
    </InternalLink>
  )
}
