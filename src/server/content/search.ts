import MiniSearch from 'minisearch'
import { pagePath, type SearchResult } from '@/domain/content.ts'
import type { Lang } from '@/domain/i18n.ts'
import { langs, type Library } from './library.ts'

/**
 * Full-text search over every page of one language. Japanese has no spaces, so runs of CJK characters are
 * indexed as overlapping character bigrams (a word inside a sentence is then found by its own bigrams);
 * Latin text is indexed as lowercased words. Titles weigh more than descriptions, descriptions more than body.
 */

const cjkRun = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]+/gu
const latinWord = /[\p{L}\p{N}_]+/gu

export function tokenize(text: string): string[] {
  const tokens: string[] = []
  const withoutCjk = text.replace(cjkRun, (run) => {
    const chars = [...run]
    if (chars.length === 1) tokens.push(run)
    for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i]! + chars[i + 1]!)
    return ' '
  })
  for (const match of withoutCjk.matchAll(latinWord)) tokens.push(match[0].toLowerCase())
  return tokens
}

interface Doc {
  id: string
  title: string
  description: string
  body: string
}

export interface SearchIndex {
  search(lang: Lang, text: string, limit?: number): SearchResult[]
}

export function buildSearchIndex(library: Library): SearchIndex {
  const indexes = new Map<Lang, MiniSearch<Doc>>()
  for (const lang of langs) {
    const index = new MiniSearch<Doc>({
      fields: ['title', 'description', 'body'],
      storeFields: ['title', 'description'],
      tokenize,
      processTerm: (term) => term.toLowerCase(),
      searchOptions: {
        boost: { title: 4, description: 2 },
        combineWith: 'AND',
        prefix: (term) => /^[a-z0-9]{3,}$/.test(term),
        fuzzy: (term) => (/^[a-z]{6,}$/.test(term) ? 0.15 : false),
      },
    })
    index.addAll(
      library
        .pages(lang)
        .filter((p) => !(p.type === 'page' && p.slug === 'home'))
        // a protected page is found by its title and description only: its text is for signed-in developers
        .map((p) => ({ id: pagePath(p.type, p.slug), title: p.title, description: p.description, body: p.protected ? '' : p.text })),
    )
    indexes.set(lang, index)
  }
  return {
    search(lang, text, limit = 20) {
      const query = text.trim()
      if (!query) return []
      const index = indexes.get(lang)
      if (!index) return []
      return index
        .search(query)
        .slice(0, limit)
        .map((hit) => ({ title: String(hit.title), description: String(hit.description), slug: hit.id }))
    },
  }
}
