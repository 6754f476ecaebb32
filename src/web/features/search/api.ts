import * as v from 'valibot'
import { searchResultSchema, type SearchResult } from '@/domain/content.ts'
import { toStoredLang, type Lang } from '@/domain/i18n.ts'
import { envelope, http } from '@/web/lib/http.ts'

/** spec §7: GET /dev/config/search?searchText=&lang= → title, description and slug of each matching page. */
export async function searchPages(text: string, lang: Lang, signal?: AbortSignal): Promise<SearchResult[]> {
  const answer = await http.get(envelope(v.array(searchResultSchema)), '/dev/config/search', {
    query: { searchText: text, lang: toStoredLang(lang) },
    signal,
  })
  return answer.data
}
