import { eq, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { siteSettings } from './tables/site.ts'

export interface MaintenanceSetting {
  maintenanceMode: boolean
  maintenanceDesc: { ja: string[]; en: string[] }
}

const MAINTENANCE = 'maintenance'
const SEEDED_RUNS = 'sandboxSeededRuns'

export const defaultMaintenance: MaintenanceSetting = { maintenanceMode: false, maintenanceDesc: { ja: [], en: [] } }

function isMaintenanceSetting(value: unknown): value is MaintenanceSetting {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  const desc = v.maintenanceDesc as Record<string, unknown> | undefined
  return typeof v.maintenanceMode === 'boolean' && !!desc && Array.isArray(desc.ja) && Array.isArray(desc.en)
}

export function siteRepo(db: Db) {
  return {
    /**
     * Counts a start with SANDBOX_SEED over this store, in one statement: 0 the first time, then 1, 2 …
     * (sandbox-ids.ts: a restart over the same data draws other ids than the run before it).
     */
    async nextSeededRun(): Promise<number> {
      const [row] = await db
        .insert(siteSettings)
        .values({ key: SEEDED_RUNS, value: { runs: 0 } })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value: sql`jsonb_build_object('runs', coalesce((${siteSettings.value}->>'runs')::int, 0) + 1)`, updatedAt: new Date() },
        })
        .returning({ value: siteSettings.value })
      return Number((row?.value as { runs?: number } | undefined)?.runs ?? 0)
    },
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
