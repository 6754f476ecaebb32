import type { Lang } from '@/domain/i18n.ts'

/** Query keys of the shell feature. */
export const shellKeys = {
  all: ['shell'] as const,
  site: () => [...shellKeys.all, 'site'] as const,
  maintenance: (lang: Lang) => [...shellKeys.all, 'maintenance', lang] as const,
  chrome: (lang: Lang) => [...shellKeys.all, 'chrome', lang] as const,
}
