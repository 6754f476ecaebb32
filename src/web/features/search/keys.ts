import type { Lang } from '@/domain/i18n.ts'

export const searchKeys = {
  all: ['search'] as const,
  query: (text: string, lang: Lang) => ['search', lang, text] as const,
}
