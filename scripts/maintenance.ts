// Operator switch of maintenance mode (spec §2 Maintenance), stored in the site settings so every server
// process sharing the store sees it:
//   npm run maintenance -- on "本日メンテナンス中です" "Down for maintenance today"
//   npm run maintenance -- off
//   npm run maintenance -- status
// Uses the same DATA_DIR / DATABASE_URL as the server. With PGlite the data directory can be opened by one
// process at a time, so stop the server first (PostgreSQL has no such limit). MAINTENANCE_MODE=1/0 on a
// server process overrides the stored switch for that process.
import { loadConfig } from '../src/server/config.ts'
import { openStore } from '../src/server/store/db.ts'
import { siteRepo } from '../src/server/store/site-repo.ts'

const [command, jaText, enText] = process.argv.slice(2)
if (command !== 'on' && command !== 'off' && command !== 'status') {
  console.error('usage: npm run maintenance -- on ["ja text"] ["en text"] | off | status')
  process.exit(2)
}

const config = loadConfig()
const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir })
try {
  const repo = siteRepo(store.db)
  if (command === 'on') {
    await repo.setMaintenance({
      maintenanceMode: true,
      maintenanceDesc: { ja: jaText ? [jaText] : [], en: enText ? [enText] : jaText ? [jaText] : [] },
    })
  } else if (command === 'off') {
    const current = await repo.getMaintenance()
    await repo.setMaintenance({ ...current, maintenanceMode: false })
  }
  const now = await repo.getMaintenance()
  console.log(`maintenance ${now.maintenanceMode ? 'on' : 'off'} (stored in ${store.kind})`)
  if (now.maintenanceDesc.ja.length) console.log(`  ja: ${now.maintenanceDesc.ja.join(' / ')}`)
  if (now.maintenanceDesc.en.length) console.log(`  en: ${now.maintenanceDesc.en.join(' / ')}`)
  if (config.maintenanceMode !== undefined)
    console.log(`  note: MAINTENANCE_MODE=${config.maintenanceMode ? 1 : 0} in this environment overrides the stored switch`)
} finally {
  await store.close()
}
