import type { ReactNode } from 'react'

/** The 404 / 500 / maintenance layout: big code, title, description, one action. */
export function StatusPage({ code, title, description, action }: { code?: string; title: ReactNode; description: ReactNode; action?: ReactNode }) {
  return (
    <div className="shell-status">
      {code && (
        <p className="shell-status__code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1 className="shell-status__title">{title}</h1>
      <div className="shell-status__description">{description}</div>
      {action && <div className="shell-status__action">{action}</div>}
    </div>
  )
}
