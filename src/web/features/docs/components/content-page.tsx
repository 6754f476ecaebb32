import type { ReactNode } from 'react'
import type { Lang } from '@/domain/i18n.ts'
import { usePage } from '../api.ts'
import '../docs.css'
import { ContentFailure, PageBody, useFailureRouting } from './doc-page.tsx'
import { DocSkeleton } from './skeleton.tsx'
import { TableOfContents } from './toc.tsx'

/** A stand-alone content page (`pages/<name>.md`): about, webinar, terms of use, mini apps … */
export function ContentPage({ name, lang, before, after }: { name: string; lang?: Lang; before?: ReactNode; after?: ReactNode }) {
  const query = usePage('page', name, lang)
  useFailureRouting(query.error)
  const page = query.isError ? undefined : query.data
  return (
    <div className="doc-layout doc-layout--page">
      <div className="doc-aside">{page && !page.hideTOC && <TableOfContents entries={page.toc} hideOnSmall={false} />}</div>
      <article className="doc-main" lang={lang}>
        {before}
        {page ? <PageBody page={page} pageKey={`page.${name}`} load={query.load} /> : query.isError ? <ContentFailure query={query} /> : <DocSkeleton />}
        {after}
      </article>
    </div>
  )
}
