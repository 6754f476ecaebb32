import type { PageType } from '@/domain/content.ts'
import type { Lang } from '@/domain/i18n.ts'

/** React Query keys of the docs feature: a page is keyed `{type}.{slug}` (spec §2) and by language. */
export const docsKeys = {
  all: ['docs'] as const,
  /** `member`: asked with the signed-in user's token, so protected pages come with their text (spec §2). */
  page: (type: PageType, slug: string, lang: Lang, viewer: Viewer) => ['docs', `${type}.${slug}`, lang, viewer] as const,
  components: (type: string, lang: Lang) => ['docs', 'components', type, lang] as const,
  webinar: (lang: Lang) => ['docs', 'webinarVideos', lang] as const,
  designSystem: (lang: Lang) => ['docs', 'designSystem', lang] as const,
}

export type Viewer = 'member' | 'visitor'
