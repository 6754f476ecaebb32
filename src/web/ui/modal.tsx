import { useEffect, useId, useRef, type ReactNode } from 'react'
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
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const returnFocus = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  useEffect(() => {
    if (open) return
    const target = returnFocus.current
    returnFocus.current = null
    if (target?.isConnected) target.focus()
  }, [open])

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
