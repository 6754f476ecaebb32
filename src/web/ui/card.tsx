import type { ReactNode } from 'react'
import './kit.css'

/** A surface with a soft shadow and 8 px corners; with `href` the whole card is a link. */
export function Card({ title, children, href, external = false }: { title: ReactNode; children?: ReactNode; href?: string; external?: boolean }) {
  const body = (
    <>
      <span className="ui-card__title">{title}</span>
      {children && <span className="ui-card__body">{children}</span>}
    </>
  )
  return href ? (
    <a className="ui-card ui-card--link" href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {body}
    </a>
  ) : (
    <div className="ui-card">{body}</div>
  )
}
