// Writes src/domain/miniapp/catalog-texts.ts from locales/{ja,en}/miniapp.po: the validator's messages as a module
// the browser and Node both import (src/domain/miniapp/catalog.ts). Run after `npm run i18n` and the translation.
import { readFileSync, writeFileSync } from 'node:fs'
import PO from 'pofile'

export const catalogTextsPath = 'src/domain/miniapp/catalog-texts.ts'

/** The explicit-id texts of a language's miniapp.po, sorted by id. */
export function readMiniAppPo(lang: 'ja' | 'en'): Record<string, string> {
  const po = PO.parse(readFileSync(`locales/${lang}/miniapp.po`, 'utf8'))
  const texts: Record<string, string> = {}
  for (const item of po.items.filter((i) => !i.obsolete && i.msgstr[0]).sort((a, b) => a.msgid.localeCompare(b.msgid))) {
    texts[item.msgid] = item.msgstr[0]!
  }
  return texts
}

export function catalogTextsSource(): string {
  const block = (texts: Record<string, string>) =>
    Object.entries(texts)
      .map(([id, text]) => `    ${JSON.stringify(id)}: ${JSON.stringify(text)},`)
      .join('\n')
  return (
    `// Written by \`npm run miniapp:catalog\` from locales/{ja,en}/miniapp.po: do not edit (src/domain/miniapp/catalog.ts).\n` +
    `export const miniAppTexts: { ja: Record<string, string>; en: Record<string, string> } = {\n` +
    `  ja: {\n${block(readMiniAppPo('ja'))}\n  },\n  en: {\n${block(readMiniAppPo('en'))}\n  },\n}\n`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(catalogTextsPath, catalogTextsSource())
  console.log(`wrote ${catalogTextsPath}`)
}
