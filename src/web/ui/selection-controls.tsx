import type { InputHTMLAttributes, ReactNode } from 'react'
import './kit.css'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }

/** Checkbox with its label; the whole row is the hit area. */
export function Checkbox({ label, className, ...rest }: Props) {
  return (
    <label className={`ui-choice${className ? ` ${className}` : ''}`}>
      <input type="checkbox" className="ui-choice__input ui-choice__input--checkbox" {...rest} />
      <span>{label}</span>
    </label>
  )
}

export function Radio({ label, className, ...rest }: Props) {
  return (
    <label className={`ui-choice${className ? ` ${className}` : ''}`}>
      <input type="radio" className="ui-choice__input ui-choice__input--radio" {...rest} />
      <span>{label}</span>
    </label>
  )
}

/** An on/off switch: a checkbox with the `switch` role. */
export function Switch({ label, className, ...rest }: Props) {
  return (
    <label className={`ui-choice${className ? ` ${className}` : ''}`}>
      <input type="checkbox" role="switch" className="ui-switch" {...rest} />
      <span>{label}</span>
    </label>
  )
}
