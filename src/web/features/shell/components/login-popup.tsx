import { Trans, useLingui } from '@lingui/react/macro'
import { buttonClass } from '@/web/ui/button.tsx'
import { Modal } from '@/web/ui/modal.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'

/** spec §2 Modal, access-sign-in mode: the chosen menu title, close, sign in (→ sign-in), sign up (→ sign-up). */
export function LoginPopup({ menuTitle, onClose }: { menuTitle: string | null; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Modal
      open={menuTitle !== null}
      onClose={onClose}
      title={menuTitle ?? ''}
      closeLabel={t`Close`}
      actions={
        <>
          <InternalLink href="/account/signup" className={buttonClass('secondary')} onClick={onClose}>
            <Trans>Sign up</Trans>
          </InternalLink>
          <InternalLink href="/account/signin" className={buttonClass('primary')} onClick={onClose}>
            <Trans>Sign in</Trans>
          </InternalLink>
        </>
      }
    >
      <p className="shell-popup-text">
        <Trans>Sign in to your PayLab account to use this tool. New here? Creating an account is free and takes a minute.</Trans>
      </p>
    </Modal>
  )
}
