import { useEffect, useRef } from 'react'

/**
 * Keeps a native modal `<dialog>` in step with an `open` prop: `showModal()` when it turns true (remembering what
 * had focus), `close()` when it turns false. However the dialog closes (the prop, Escape, a button calling
 * `close()`), `onClosed` runs and focus goes back to what had it before. The platform gives the focus trap,
 * Escape and the inert page behind.
 */
export function useModalDialog(open: boolean, onClosed?: () => void) {
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
      onClosed?.()
      const target = opener.current
      opener.current = null
      if (target?.isConnected) target.focus()
    }
    dialog.addEventListener('close', closed)
    return () => dialog.removeEventListener('close', closed)
  }, [onClosed])
  return ref
}
