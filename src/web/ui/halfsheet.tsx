import { useEffect, useRef, type ReactNode } from 'react'
import './kit.css'

/** A bottom sheet on the native modal <dialog>: Escape closes it, focus returns to the opener. */
export function HalfSheet({ open, onClose, title, closeLabel, children }: { open: boolean; onClose: () => void; title: ReactNode; closeLabel: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    } else if (!open && dialog.open) dialog.close()
  }, [open])
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const closed = () => {
      onClose()
      opener.current?.focus()
    }
    dialog.addEventListener('close', closed)
    return () => dialog.removeEventListener('close', closed)
  }, [onClose])
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
