import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { shellEvents } from '@/web/lib/events.ts'
import { ConfirmPopup } from '@/web/ui/popup.tsx'

/** spec §2: 'Would you like to save the changes' with Save / Cancel, raised by any page via `askToSaveChanges()`. */
export function SaveChangesPopup() {
  const { t } = useLingui()
  const [pending, setPending] = useState<((save: boolean) => void) | null>(null)

  useEffect(
    () =>
      shellEvents.on((event) => {
        if (event.type === 'saveChanges.request') setPending(() => event.answer)
      }),
    [],
  )

  const answer = (save: boolean) => {
    pending?.(save)
    setPending(null)
  }
  return (
    <ConfirmPopup
      open={pending !== null}
      title={<Trans>Would you like to save the changes</Trans>}
      confirmLabel={<Trans>Save</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      closeLabel={t`Close`}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  )
}
