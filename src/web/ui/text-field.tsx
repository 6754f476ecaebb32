import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import './kit.css'

/** A labelled text input with an optional hint and an error announced with the field. */
export function TextField({
  label,
  hint,
  error,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode; error?: ReactNode; ref?: Ref<HTMLInputElement> }) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={`ui-field${error ? ' ui-field--error' : ''}`}>
      <label htmlFor={id} className="ui-field__label">
        {label}
      </label>
      <input id={id} className="ui-field__input" aria-invalid={error ? true : undefined} aria-describedby={described} {...rest} />
      {hint && (
        <span id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="ui-field__error">
          {error}
        </span>
      )}
    </div>
  )
}
