import { useId, useState, type ReactNode } from 'react'
import './kit.css'

/** A disclosure: a full-width button that shows or hides its content. */
export function Expand({ summary, children, defaultOpen = false }: { summary: ReactNode; children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen)
  const id = useId()
  return (
    <div className="ui-expand">
      <button type="button" className="ui-expand__summary" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span>{summary}</span>
        <span className="ui-expand__chevron" aria-hidden="true" />
      </button>
      <div id={id} className="ui-expand__body" hidden={!open}>
        {children}
      </div>
    </div>
  )
}
