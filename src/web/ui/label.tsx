import type { ReactNode } from 'react'
import './kit.css'

export type LabelTone = 'brand' | 'neutral' | 'success' | 'warning' | 'danger'

/** A small status label (e.g. Mandatory / Optional, payment status). */
export function Label({ tone = 'neutral', children }: { tone?: LabelTone; children: ReactNode }) {
  return <span className={`ui-label ui-label--${tone}`}>{children}</span>
}
