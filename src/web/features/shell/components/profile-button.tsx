import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { useSession } from '@/web/lib/session.tsx'
import { Icon } from '@/web/ui/icons.tsx'

/**
 * The profile button of a signed-in user with the one item every account has: sign out. The account feature's
 * full profile dropdown (merchant, ids, e-mail) replaces it through the header's `profileMenu` slot.
 */
export function ProfileButton() {
  const { t } = useLingui()
  const { signOut } = useSession()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div className="shell-profile" ref={root}>
      <button
        ref={button}
        type="button"
        className="ui-icon-button shell-profile__button"
        aria-label={t`Profile`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="user" />
      </button>
      <div id={menuId} role="menu" className="shell-profile__menu" hidden={!open} aria-label={t`Profile`}>
        <button type="button" role="menuitem" className="shell-profile__item" onClick={signOut}>
          <Icon name="sign-out" size={20} />
          <Trans>Sign out</Trans>
        </button>
      </div>
    </div>
  )
}
