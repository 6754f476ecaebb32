import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { parse } from 'yaml'
import { toStoredLang, type Lang } from '@/domain/i18n.ts'
import { footerSchema, topMenuGroupSchema } from '@/domain/site.ts'
import type { ComponentProvider } from './components.ts'

/**
 * The header's top menu and the footer (spec §2, components `topMenu` and `footer`), read from
 * `src/content/{ja,en}/site/*.yaml` once per language and validated, so a broken file fails loudly at the
 * first request instead of rendering a half menu.
 */
const contentRoot = fileURLToPath(new URL('../../content/', import.meta.url))

async function readYaml(lang: Lang, name: string): Promise<unknown> {
  return parse(await readFile(`${contentRoot}${lang}/site/${name}`, 'utf8'))
}

const yamlMapping = v.record(v.string(), v.unknown())

function cachedPerLang<T>(load: (lang: Lang) => Promise<T>): (lang: Lang) => Promise<T> {
  const cache = new Map<Lang, Promise<T>>()
  return (lang) => {
    let entry = cache.get(lang)
    if (!entry) {
      entry = load(lang)
      entry.catch(() => cache.delete(lang))
      cache.set(lang, entry)
    }
    return entry
  }
}

const topMenu = cachedPerLang(async (lang) => {
  const groups = v.parse(v.array(yamlMapping), await readYaml(lang, 'top-menu.yaml'))
  return groups.map((group) => v.parse(topMenuGroupSchema, { ...group, __i18n_lang: toStoredLang(lang) }))
})

const footer = cachedPerLang(async (lang) => {
  const raw = v.parse(yamlMapping, await readYaml(lang, 'footer.yaml'))
  return [v.parse(footerSchema, { ...raw, __i18n_lang: toStoredLang(lang) })]
})

export const siteComponents: Readonly<Record<string, ComponentProvider>> = {
  topMenu: (lang) => topMenu(lang),
  footer: (lang) => footer(lang),
}
