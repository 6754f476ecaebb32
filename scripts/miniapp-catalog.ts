// Writes src/domain/miniapp/catalog-texts.ts from locales/{ja,en}/miniapp.po: the validator's messages as a module
// the browser and Node both import (src/domain/miniapp/catalog.ts). Run after `npm run i18n` and the translation.
// The module carries the texts and the same texts compiled (Lingui's compileMessage, here, at build time): the browser
// takes only the compiled ones, so Lingui's message compiler (@messageformat/parser and moo) is never in its bundle.
import { readFileSync, writeFileSync } from 'node:fs'
import type { Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
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

/** Every text of a catalog compiled for Lingui's `I18n` (what `setupI18n` takes without a message compiler). */
export function compileTexts(texts: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, compileMessage(text)]))
}

export function catalogTextsSource(): string {
  const block = (entries: Record<string, unknown>) =>
    Object.entries(entries)
      .map(([id, value]) => `    ${JSON.stringify(id)}: ${JSON.stringify(value)},`)
      .join('\n')
  const both = (of: (lang: 'ja' | 'en') => Record<string, unknown>) => `{\n  ja: {\n${block(of('ja'))}\n  },\n  en: {\n${block(of('en'))}\n  },\n}\n`
  return (
    `// Written by \`npm run miniapp:catalog\` from locales/{ja,en}/miniapp.po: do not edit (src/domain/miniapp/catalog.ts).\n` +
    `import type { Messages } from '@lingui/core'\n\n` +
    `export const miniAppTexts: { ja: Record<string, string>; en: Record<string, string> } = ${both(readMiniAppPo)}\n` +
    `/** The same texts compiled (scripts/miniapp-catalog.ts \`compileTexts\`). */\n` +
    `export const miniAppMessages: { ja: Messages; en: Messages } = ${both((lang) => compileTexts(readMiniAppPo(lang)))}`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(catalogTextsPath, catalogTextsSource())
  console.log(`wrote ${catalogTextsPath}`)
}
