import type { ReactNode } from 'react'
import { useModalDialog } from './use-modal-dialog.ts'
import './kit.css'

/** A bottom sheet on the native modal <dialog>: Escape closes it, focus returns to the opener. */
export function HalfSheet({
  open,
  onClose,
  title,
  closeLabel,
  children,
}: {
  open: boolean
  onClose: () => void
  title: ReactNode
  closeLabel: string
  children: ReactNode
}) {
  const ref = useModalDialog(open, onClose)
  return (
    <dialog ref={ref} className="ui-halfsheet" aria-label={typeof title === 'string' ? title : undefined}>
      <div className="ui-halfsheet__grip" aria-hidden="true" />
      <div className="ui-halfsheet__head">
        <strong>{title}</strong>
        <button type="button" className="ui-halfsheet__close" onClick={() => ref.current?.close()}>
          {closeLabel}
        </button>
      </div>
      {children}
    </dialog>
  )
}
