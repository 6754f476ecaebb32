import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { TocEntry } from '@/domain/content.ts'

/**
 * The heading the reader is at: of the headings in the upper part of the window (below the sticky header, above
 * 60 % of the height), the first; when none is, the last one scrolled past stays current (IntersectionObserver,
 * no scroll handler).
 */
export function useActiveHeading(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined)
  const key = ids.join('\n')
  useEffect(() => {
    const headings = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null)
    if (headings.length === 0 || typeof IntersectionObserver === 'undefined') return
    const header = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) || 64
    const inBand = new Set<string>()
    const observer = new IntersectionObserver(
      (records) => {
        for (const record of records) {
          if (record.isIntersecting) inBand.add(record.target.id)
          else inBand.delete(record.target.id)
        }
        const first = headings.find((h) => inBand.has(h.id))
        if (first) setActive(first.id)
        else {
          // between two headings: the last one above the band is the section being read
          const above = headings.filter((h) => h.getBoundingClientRect().top < header)
          setActive(above.at(-1)?.id)
        }
      },
      { rootMargin: `-${header}px 0px -60% 0px` },
    )
    for (const heading of headings) observer.observe(heading)
    return () => observer.disconnect()
    // the ids' content, not the array's identity, decides when to observe again
  }, [key])
  return active
}

/**
 * Table of contents from the page's h2/h3 headings (spec §2); the section being read is marked current.
 * A link's fragment is the heading's id as it is (`#概要`, not `#%E6%A6%82%E8%A6%81`): the browser encodes it when it
 * follows the link and finds the id by the decoded fragment; written raw it is a third of the bytes (issue 19).
 */
export function TableOfContents({ entries, hideOnSmall }: { entries: TocEntry[]; hideOnSmall: boolean }) {
  const active = useActiveHeading(entries.map((e) => e.id))
  if (entries.length === 0) return null
  return (
    <nav className={`doc-toc${hideOnSmall ? ' doc-toc--hide-small' : ''}`} aria-labelledby="doc-toc-title">
      <p id="doc-toc-title" className="doc-toc__title">
        <Trans>On this page</Trans>
      </p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id} className={`doc-toc__item doc-toc__item--h${entry.level}`}>
            <a href={`#${entry.id}`} aria-current={entry.id === active ? 'location' : undefined}>
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
