import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { limits } from '@/domain/limits.ts'
import { useSession } from '@/web/lib/session.tsx'
import { Icon } from '@/web/ui/icons.tsx'
import { profileQuery, readStoredAccount } from '../api.ts'
import { CopyButton } from '@/web/ui/copy-button.tsx'
import { MerchantLogo } from '@/web/ui/merchant-logo.tsx'
import './account.css'

const present = (id: string | null | undefined): id is string => !!id && id !== 'null'

/**
 * The profile dropdown of spec §2: merchant logo (default icon), merchant name ('Merchant Name' when empty),
 * user id and merchant id with copy buttons ('Copied' for 1 s; merchant id only when not null/'null'), e-mail,
 * logout. Rendered by the shell's header when signed in.
 */
export function ProfileMenu() {
  const { t } = useLingui()
  const { accessToken, signOut } = useSession()
  const profile = useQuery(profileQuery(accessToken))
  const stored = readStoredAccount()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    root.current?.querySelector<HTMLElement>('button')?.focus()
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

  const logoUrl = profile.data?.logo_url ?? stored?.clogoUrl ?? null
  const merchantName = profile.data?.merchant_name || stored?.mName || t`Merchant Name`
  const userId = profile.data?.user_id ?? stored?.user_id ?? ''
  const merchantId = profile.data ? profile.data.merchant_id : (stored?.mid ?? null)
  const email = profile.data?.email_id ?? stored?.uName ?? ''

  return (
    <div className="account-profile" ref={root}>
      <button
        ref={button}
        type="button"
        className="ui-icon-button account-profile__button"
        aria-label={t`Profile`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {logoUrl ? <MerchantLogo url={logoUrl} name="" size={32} /> : <Icon name="user" />}
      </button>
      <div id={menuId} className="account-profile__menu" hidden={!open} role="group" aria-label={t`Profile`}>
        <div className="account-profile__merchant">
          <MerchantLogo url={logoUrl} name={merchantName} size={48} />
          <strong>{merchantName}</strong>
        </div>
        <dl className="account-profile__ids">
          <dt>
            <Trans>User ID</Trans>
          </dt>
          <dd>
            <code>{userId}</code>
            <CopyButton value={userId} label={t`Copy user ID`} feedbackMs={limits.copyFeedbackProfileMs} />
          </dd>
          {present(merchantId) && (
            <>
              <dt>
                <Trans>Merchant ID</Trans>
              </dt>
              <dd>
                <code>{merchantId}</code>
                <CopyButton value={merchantId} label={t`Copy merchant ID`} feedbackMs={limits.copyFeedbackProfileMs} />
              </dd>
            </>
          )}
          <dt>
            <Trans>E-mail</Trans>
          </dt>
          <dd className="account-profile__email">{email}</dd>
        </dl>
        <button type="button" className="ui-button ui-button--secondary ui-button--small account-profile__logout" onClick={signOut}>
          <Icon name="sign-out" size={20} />
          <Trans>Log out</Trans>
        </button>
      </div>
    </div>
  )
}
