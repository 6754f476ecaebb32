import type { Lang } from '@/domain/i18n.ts'
import { toStoredLang } from '@/domain/i18n.ts'
import type { AppDeps } from '../deps.ts'
import { siteRepo } from '../store/site-repo.ts'

/**
 * Providers of the content components served by `GET /dev/config/v2/components?type=…&lang=…` (spec §7).
 * Each returns the items of one component type in one language; every item carries `__i18n_lang`. Each area
 * exports its providers by type (this file, site-components.ts, docs-components.ts); the route composes them.
 */
export type ComponentProvider = (lang: Lang, deps: AppDeps) => Promise<Record<string, unknown>[]>

export const maintenanceComponents: Readonly<Record<string, ComponentProvider>> = {
  // spec §7: 'maintenance.metadata' — first item has maintenanceMode and maintenanceDesc.
  'maintenance.metadata': async (lang, deps) => {
    const stored = await siteRepo(deps.store.db).getMaintenance()
    const maintenanceMode = deps.config.maintenanceMode ?? stored.maintenanceMode
    return [{ __i18n_lang: toStoredLang(lang), maintenanceMode, maintenanceDesc: stored.maintenanceDesc[lang] }]
  },
}
