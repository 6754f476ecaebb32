import type { PageType } from '@/domain/content.ts'
import { usePage } from '../api.ts'
import { KeptBlocks } from './kept-blocks.tsx'
import '../docs.css'

/** The body of a content page, without its frame, to be placed inside another page (myhome's announcements). */
export function PageSections({ type, slug }: { type: PageType; slug: string }) {
  const page = usePage(type, slug)
  return page.data ? <KeptBlocks page={page.data} id={`${type}.${slug}`} load={page.load} /> : null
}
