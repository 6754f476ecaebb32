import { useId, type ReactNode } from 'react'
import { useModalDialog } from './use-modal-dialog.ts'
import { Icon } from './icons.tsx'
import './ui.css'

export interface ModalProps {
  open: boolean
  /** Called on Escape, the close icon or a click on the backdrop. */
  onClose: () => void
  title: ReactNode
  closeLabel: string
  children: ReactNode
  /** Buttons row at the bottom. */
  actions?: ReactNode
  size?: 'small' | 'medium'
}

/**
 * A modal dialog on the native `<dialog>` (focus trap, Escape and inert background come from the platform).
 * Focus returns to whatever had it before the dialog opened.
 */
export function Modal({ open, onClose, title, closeLabel, children, actions, size = 'small' }: ModalProps) {
  const ref = useModalDialog(open)
  const titleId = useId()

  return (
    <dialog
      ref={ref}
      className={`ui-modal ui-modal--${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose()
      }}
    >
      {open && (
        <div className="ui-modal__body">
          <div className="ui-modal__head">
            <h2 id={titleId} className="ui-modal__title">
              {title}
            </h2>
            <button type="button" className="ui-icon-button" aria-label={closeLabel} onClick={onClose}>
              <Icon name="close" />
            </button>
          </div>
          <div className="ui-modal__content">{children}</div>
          {actions && <div className="ui-modal__actions">{actions}</div>}
        </div>
      )}
    </dialog>
  )
}
