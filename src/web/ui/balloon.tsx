import type { ReactNode } from 'react'
import './kit.css'

/** A speech balloon pointing at what it explains (hints, coach marks). */
export function Balloon({ children, placement = 'bottom', tone = 'dark' }: { children: ReactNode; placement?: 'top' | 'bottom'; tone?: 'dark' | 'brand' }) {
  return <div className={`ui-balloon ui-balloon--${placement} ui-balloon--${tone}`}>{children}</div>
}
