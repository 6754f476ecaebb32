import type { ReactNode } from 'react'

export interface PageFrameProps {
  title: ReactNode
  /** One sentence saying what the page is for. */
  lead?: ReactNode
  sidebar?: ReactNode
  children?: ReactNode
}

/** The frame of a content page: an optional sidebar beside the title, lead sentence and body. */
export function PageFrame({ title, lead, sidebar, children }: PageFrameProps) {
  return (
    <div className={`shell-page${sidebar ? ' shell-page--with-sidebar' : ''}`}>
      {sidebar}
      <div className="shell-page__body">
        <h1 className="shell-page__title">{title}</h1>
        {lead && <p className="shell-page__lead">{lead}</p>}
        {children}
      </div>
    </div>
  )
}
