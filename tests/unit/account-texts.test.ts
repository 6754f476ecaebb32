/**
 * The account screens' texts (tests/support/account-texts.ts) are the catalogs' texts in both languages. The browser
 * walks each account flow once (tests/e2e/accounts-*.spec.ts), some in Japanese and some in English; what a flow walked
 * in one language would have read in the other is checked here, message by message.
 */
import { readdirSync, readFileSync } from 'node:fs'
import PO from 'pofile'
import { describe, expect, it } from 'vitest'
import { accountTexts } from '../support/account-texts.ts'

function catalog(locale: 'ja' | 'en') {
  const dir = new URL(`../../locales/${locale}/`, import.meta.url)
  const texts = new Map<string, Set<string>>()
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.po')))
    for (const item of PO.parse(readFileSync(new URL(name, dir), 'utf8')).items.filter((i) => !i.obsolete)) {
      const byId = texts.get(item.msgid) ?? new Set<string>()
      byId.add(item.msgstr[0] || item.msgid)
      texts.set(item.msgid, byId)
    }
  return texts
}

/**
 * Texts made from a message with placeholders ("Reveal {name}", a size in the text): not one catalog text; the flows
 * that show them (sign-up, the validation messages) are walked in both languages. A regular expression also stands
 * for such a text.
 */
const composed = new Set(['reveal', 'logoRatio'])

/** (key, English source, Japanese text) of each text the screens show. */
function pairs(): [string, string, string][] {
  const list: [string, string, string][] = []
  for (const [key, en] of Object.entries(accountTexts.en)) {
    if (composed.has(key)) continue
    const ja = accountTexts.ja[key as keyof typeof accountTexts.ja]
    if (Array.isArray(en)) en.forEach((rule, i) => list.push([`${key}[${i}]`, rule, (ja as readonly string[])[i]!]))
    else if (typeof en === 'string' && en !== ja) list.push([key, en, ja as string])
  }
  return list
}

describe('account screen texts', () => {
  const ja = catalog('ja')
  const en = catalog('en')

  it.each(pairs())('%s: "%s" is the English text and "%s" the Japanese one', (_key, english, japanese) => {
    expect([...(en.get(english) ?? [])], 'in locales/en').toContain(english)
    expect([...(ja.get(english) ?? [])], 'in locales/ja').toContain(japanese)
  })
})
