import type { Lang } from '@/domain/i18n.ts'

export const styleguideKeys = {
  pages: (lang: Lang) => ['styleguide', 'pages', lang] as const,
}
