import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { shellEvents, type SaveChangesAnswer } from '@/web/lib/events.ts'
import { Button } from '@/web/ui/button.tsx'
import { Modal } from '@/web/ui/modal.tsx'

/**
 * spec §2: 'Would you like to save the changes' with Save / Cancel, raised by any page via `askToSaveChanges()`.
 * Cancel (and Escape, and the close button) keeps the person on the page with the edits; leaving without saving is
 * its own button, Discard changes (issue 20).
 */
export function SaveChangesPopup() {
  const { t } = useLingui()
  const [pending, setPending] = useState<((answer: SaveChangesAnswer) => void) | null>(null)

  useEffect(
    () =>
      shellEvents.on((event) => {
        if (event.type === 'saveChanges.request') setPending(() => event.answer)
      }),
    [],
  )

  const answer = (choice: SaveChangesAnswer) => {
    pending?.(choice)
    setPending(null)
  }
  return (
    <Modal
      open={pending !== null}
      onClose={() => answer('stay')}
      title={<Trans>Would you like to save the changes</Trans>}
      closeLabel={t`Close`}
      actions={
        <>
          <Button variant="ghost" onClick={() => answer('discard')}>
            <Trans>Discard changes</Trans>
          </Button>
          <Button variant="secondary" onClick={() => answer('stay')}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => answer('save')}>
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <p>
        <Trans>Cancel keeps you here with your edits. Discard changes leaves without saving them.</Trans>
      </p>
    </Modal>
  )
}
