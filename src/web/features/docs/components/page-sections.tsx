import { useQuery } from '@tanstack/react-query'
import type { PageType } from '@/domain/content.ts'
import { pageQuery, useContentLang, useViewer } from '../api.ts'
import { Blocks } from './blocks.tsx'
import '../docs.css'

/** The body of a content page, without its frame, to be placed inside another page (myhome's announcements). */
export function PageSections({ type, slug }: { type: PageType; slug: string }) {
  const page = useQuery(pageQuery(type, slug, useContentLang(), useViewer()))
  return page.data ? <Blocks blocks={page.data.sections} /> : null
}
