import { Trans } from '@lingui/react/macro'
import type { TocEntry } from '@/domain/content.ts'

/** Table of contents from the page's h2/h3 headings (spec §2). */
export function TableOfContents({ entries, hideOnSmall }: { entries: TocEntry[]; hideOnSmall: boolean }) {
  if (entries.length === 0) return null
  return (
    <nav className={`doc-toc${hideOnSmall ? ' doc-toc--hide-small' : ''}`} aria-labelledby="doc-toc-title">
      <p id="doc-toc-title" className="doc-toc__title">
        <Trans>On this page</Trans>
      </p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id} className={`doc-toc__item doc-toc__item--h${entry.level}`}>
            <a href={`#${encodeURIComponent(entry.id)}`}>{entry.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
