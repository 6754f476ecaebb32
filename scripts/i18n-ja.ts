// Adds Japanese translations safely while several people edit: `npm run i18n:ja -- path/to/translations.json`
// where the JSON maps English msgid → Japanese text. Runs `lingui extract` first, under the same lock.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import PO from 'pofile'

const file = process.argv[2]
execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'ignore' })
const po = PO.parse(readFileSync('locales/ja/messages.po', 'utf8'))
const translations: Record<string, string> = file ? JSON.parse(readFileSync(file, 'utf8')) : {}
let set = 0
for (const item of po.items) {
  const ja = translations[item.msgid]
  if (ja !== undefined) {
    item.msgstr = [ja]
    set++
  }
}
writeFileSync('locales/ja/messages.po', po.toString() + '\n')
const missing = po.items.filter((i) => !i.msgstr[0]).map((i) => i.msgid)
console.log(`set ${set} translation(s); ${missing.length} still missing`)
for (const m of missing) console.log(`  missing: ${JSON.stringify(m)}`)
const unknown = Object.keys(translations).filter((k) => !po.items.some((i) => i.msgid === k))
for (const k of unknown) console.log(`  not in the catalog (check the exact English text): ${JSON.stringify(k)}`)
