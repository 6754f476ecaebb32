import type { ReactNode } from 'react'
import { Icon } from './icons.tsx'
import './ui.css'

export interface ToastItem {
  id: number
  kind: 'info' | 'success' | 'error'
  message: ReactNode
}

/** Toasts stack at the bottom; a polite live region announces them, errors assertively. */
export function ToastRegion({ toasts, onDismiss, dismissLabel }: { toasts: ToastItem[]; onDismiss: (id: number) => void; dismissLabel: string }) {
  return (
    <div className="ui-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`ui-toast ui-toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span className="ui-toast__message">{toast.message}</span>
          <button type="button" className="ui-icon-button ui-icon-button--inverse" aria-label={dismissLabel} onClick={() => onDismiss(toast.id)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  )
}
