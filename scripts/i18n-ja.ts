// Adds Japanese translations safely while several people edit: `npm run i18n:ja -- path/to/translations.json`
// where the JSON maps English msgid → Japanese text. Runs `lingui extract` first, under the same lock.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import PO from 'pofile'

const file = process.argv[2]
execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'ignore' })
const translations: Record<string, string> = file ? JSON.parse(readFileSync(file, 'utf8')) : {}
// the main catalog and one per tool feature (lingui.config.ts)
const catalogs = readdirSync('locales/ja').filter((name) => name.endsWith('.po'))
const items: { msgid: string; msgstr: string[] }[] = []
let set = 0
for (const name of catalogs) {
  const po = PO.parse(readFileSync(`locales/ja/${name}`, 'utf8'))
  for (const item of po.items) {
    const ja = translations[item.msgid]
    if (ja !== undefined) {
      item.msgstr = [ja]
      set++
    }
  }
  items.push(...po.items)
  writeFileSync(`locales/ja/${name}`, po.toString() + '\n')
}
const po = { items }
const missing = po.items.filter((i) => !i.msgstr[0]).map((i) => i.msgid)
console.log(`set ${set} translation(s); ${missing.length} still missing`)
for (const m of missing) console.log(`  missing: ${JSON.stringify(m)}`)
const unknown = Object.keys(translations).filter((k) => !po.items.some((i) => i.msgid === k))
for (const k of unknown) console.log(`  not in the catalog (check the exact English text): ${JSON.stringify(k)}`)
