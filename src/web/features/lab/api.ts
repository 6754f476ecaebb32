import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { toStoredLang, type Lang } from '@/domain/i18n.ts'
import { labEndpoints, labGroups, scenarioIds, type LabGroup } from '@/domain/lab.ts'
import { limits } from '@/domain/limits.ts'
import { productModels } from '@/domain/products.ts'
import { envelope, http } from '@/web/lib/http.ts'

const status = v.pipe(v.number(), v.integer())
const labEndpointIds = labEndpoints.map((e) => e.id)

/** What `/dev/paylablab/{group}?lang=` answers (docs/dashboard.md "The payment lab"). */
export const labContentSchema = v.object({
  group: v.picklist(labGroups),
  specificModel: v.picklist(scenarioIds),
  products: v.array(
    v.object({
      model: v.picklist(productModels),
      endpoints: v.array(
        v.object({
          id: v.picklist(labEndpointIds),
          method: v.picklist(['GET', 'POST', 'DELETE']),
          demoPath: v.string(),
          sandboxPath: v.string(),
          query: v.array(v.string()),
          name: v.string(),
          idKind: v.nullable(v.string()),
          createdBy: v.nullable(v.string()),
          merchantIdPrefix: v.nullable(v.string()),
          scenarios: v.array(
            v.object({
              id: v.picklist(scenarioIds),
              key: v.picklist(['WIT', 'WOT']),
              emptyId: v.boolean(),
              title: v.string(),
              expected: v.object({ status, code: v.string() }),
            }),
          ),
          responses: v.array(v.object({ status, code: v.string(), codeId: v.string(), message: v.string() })),
        }),
      ),
    }),
  ),
})
export type LabContent = v.InferOutput<typeof labContentSchema>
export type LabEndpointView = LabContent['products'][number]['endpoints'][number]

export const labKeys = {
  all: ['lab'] as const,
  group: (group: LabGroup, lang: Lang) => [...labKeys.all, group, lang] as const,
}

/**
 * Spec §7: the lab lists are cached for 30 minutes (the server caches them too). The client's entries are the
 * group × language pairs (8 at most), far below the spec's 500-entry bound, so React Query's cache with a 30-minute
 * stale and garbage-collection time is the whole cache.
 */
export const labQueryOptions = (group: LabGroup, lang: Lang) =>
  queryOptions({
    queryKey: labKeys.group(group, lang),
    queryFn: async ({ signal }) =>
      (await http.get(envelope(labContentSchema), `/dev/paylablab/${group}`, { query: { lang: toStoredLang(lang) }, signal })).data,
    staleTime: limits.contentCache.ttlMs,
    gcTime: limits.contentCache.ttlMs,
  })
