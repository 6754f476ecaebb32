import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { toStoredLang, type Lang } from '@/domain/i18n.ts'
import { productModels } from '@/domain/products.ts'
import { scenarioIds } from '@/domain/lab.ts'
import { envelope, http } from '@/web/lib/http.ts'

/** What `GET /dev/v1/resolve` answers (docs/dashboard.md "Resolver"), checked before the page reads it. */
const resolvedEntry = v.object({
  code: v.string(),
  status: v.number(),
  codeIds: v.array(v.string()),
  meaning: v.string(),
  cause: v.string(),
  fix: v.string(),
  lab: v.nullable(v.object({ product: v.picklist(productModels), scenario: v.picklist(scenarioIds), path: v.string() })),
})
export const resolveAnswer = v.object({
  found: v.boolean(),
  entry: v.nullable(resolvedEntry),
  near: v.array(v.object({ code: v.string(), meaning: v.string() })),
})
export type ResolveAnswer = v.InferOutput<typeof resolveAnswer>

export interface ResolveInput {
  code: string
  codeId?: string
  apiName?: string
}

export const resolverKeys = {
  all: ['resolver'] as const,
  lookup: (input: ResolveInput, lang: Lang) => [...resolverKeys.all, lang, input.code, input.codeId ?? '', input.apiName ?? ''] as const,
}

/** The knowledge base does not change while the portal runs: an answer is kept for the whole visit. */
export const resolveQueryOptions = (input: ResolveInput, lang: Lang) =>
  queryOptions({
    queryKey: resolverKeys.lookup(input, lang),
    queryFn: async ({ signal }) =>
      (
        await http.get(envelope(resolveAnswer), '/dev/v1/resolve', {
          query: { code: input.code, code_id: input.codeId || undefined, api_name: input.apiName || undefined, lang: toStoredLang(lang) },
          signal,
        })
      ).data,
    enabled: input.code.trim() !== '',
    staleTime: Infinity,
  })
