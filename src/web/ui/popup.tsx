import type { ReactNode } from 'react'
import { Button } from './button.tsx'
import { Modal } from './modal.tsx'

export interface ConfirmPopupProps {
  open: boolean
  title: ReactNode
  message?: ReactNode
  confirmLabel: ReactNode
  cancelLabel: ReactNode
  closeLabel: string
  onConfirm: () => void
  onCancel: () => void
}

/** A yes/no question in a small modal (e.g. the save-changes popup): primary confirm, secondary cancel. */
export function ConfirmPopup({ open, title, message, confirmLabel, cancelLabel, closeLabel, onConfirm, onCancel }: ConfirmPopupProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      closeLabel={closeLabel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </>
      }
    >
      {message}
    </Modal>
  )
}
