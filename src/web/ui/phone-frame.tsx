import type { ReactNode } from 'react'
import './phone-frame.css'

/**
 * A phone drawn around what the test user's wallet shows (spec §2 demo panels): the cake shop's wallet frame and
 * the test panel's phone mock. Put an `<iframe className="ui-phone__screen">` or a `ui-phone__screen` box inside.
 * With a `label` it is a named region (the panel's tests and screen readers find it).
 */
export function PhoneFrame({ label, className, screen, children }: { label?: string; className?: string; screen?: string; children: ReactNode }) {
  return (
    <div className={`ui-phone${className ? ` ${className}` : ''}`} role={label ? 'region' : undefined} aria-label={label} data-screen={screen}>
      <div className="ui-phone__notch" aria-hidden="true" />
      {children}
    </div>
  )
}
