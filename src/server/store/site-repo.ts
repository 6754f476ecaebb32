import { eq } from 'drizzle-orm'
import type { Db } from './db.ts'
import { siteSettings } from './tables/site.ts'

export interface MaintenanceSetting {
  maintenanceMode: boolean
  maintenanceDesc: { ja: string[]; en: string[] }
}

const MAINTENANCE = 'maintenance'

export const defaultMaintenance: MaintenanceSetting = { maintenanceMode: false, maintenanceDesc: { ja: [], en: [] } }

function isMaintenanceSetting(value: unknown): value is MaintenanceSetting {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  const desc = v.maintenanceDesc as Record<string, unknown> | undefined
  return typeof v.maintenanceMode === 'boolean' && !!desc && Array.isArray(desc.ja) && Array.isArray(desc.en)
}

export function siteRepo(db: Db) {
  return {
    async getMaintenance(): Promise<MaintenanceSetting> {
      const rows = await db.select().from(siteSettings).where(eq(siteSettings.key, MAINTENANCE))
      const value = rows[0]?.value
      return isMaintenanceSetting(value) ? value : defaultMaintenance
    },
    async setMaintenance(setting: MaintenanceSetting): Promise<void> {
      await db
        .insert(siteSettings)
        .values({ key: MAINTENANCE, value: setting })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: setting, updatedAt: new Date() } })
    },
  }
}
