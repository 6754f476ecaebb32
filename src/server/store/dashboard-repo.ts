import { eq } from 'drizzle-orm'
import type { Db } from './db.ts'
import { merchantSettings } from './tables/dashboard.ts'

export type MerchantSettings = typeof merchantSettings.$inferSelect

/**
 * The SQL of the merchant's settings (issue 12): webhook URL, redirect domains, QR auto-cancel. The developer tools'
 * views of the sandbox (the ledger, the monthly top-up) are the engine's (sandbox-ledger-repo.ts).
 */
export function dashboardRepo(db: Db) {
  return {
    async settingsOf(merchantId: string) {
      return (await db.select().from(merchantSettings).where(eq(merchantSettings.merchantId, merchantId)))[0]
    },
    async saveSettings(merchantId: string, patch: { webhookUrl?: string | null; redirectDomains?: string[]; qrAutoCancel?: boolean }, at: Date) {
      const [row] = await db
        .insert(merchantSettings)
        .values({
          merchantId,
          webhookUrl: patch.webhookUrl ?? null,
          redirectDomains: patch.redirectDomains ?? [],
          qrAutoCancel: patch.qrAutoCancel ?? true,
          updatedAt: at,
        })
        .onConflictDoUpdate({ target: merchantSettings.merchantId, set: { ...patch, updatedAt: at } })
        .returning()
      return row!
    },
  }
}
