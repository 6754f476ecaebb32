import { useQuery, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { http } from '@/web/lib/http.ts'
import { quiet } from '@/web/lib/progress.ts'
import { apiReferenceKeys } from './keys.ts'

/** A JSON Schema node as `/openapi.json` carries it (valibot's `toJsonSchema`); read field by field in schema.ts. */
const jsonSchemaValue = v.record(v.string(), v.unknown())

const publishedCode = v.object({ code: v.string(), codeId: v.string(), message: v.string(), common: v.optional(v.boolean()) })

const operationSchema = v.object({
  tags: v.optional(v.array(v.string()), []),
  summary: v.optional(v.string(), ''),
  operationId: v.optional(v.string(), ''),
  'x-apiName': v.optional(v.string()),
  security: v.optional(v.array(v.record(v.string(), v.array(v.string())))),
  parameters: v.optional(
    v.array(
      v.object({
        name: v.string(),
        in: v.picklist(['path', 'query', 'header', 'cookie']),
        required: v.optional(v.boolean(), false),
        description: v.optional(v.string()),
        schema: v.optional(jsonSchemaValue, {}),
      }),
    ),
    [],
  ),
  requestBody: v.optional(v.object({ content: v.record(v.string(), v.object({ schema: jsonSchemaValue })) })),
  responses: v.record(
    v.string(),
    v.object({
      description: v.optional(v.string(), ''),
      'x-resultInfo': v.optional(publishedCode),
      'x-codes': v.optional(v.array(publishedCode)),
      content: v.optional(v.record(v.string(), v.object({ schema: jsonSchemaValue }))),
    }),
  ),
})

export const openApiSchema = v.object({
  openapi: v.string(),
  info: v.object({ title: v.string(), version: v.string(), description: v.optional(v.string()) }),
  paths: v.record(v.string(), v.record(v.string(), operationSchema)),
})
export type OpenApi = v.InferOutput<typeof openApiSchema>
export type Operation = v.InferOutput<typeof operationSchema>
export type Parameter = Operation['parameters'][number]
export type PublishedCode = v.InferOutput<typeof publishedCode>

/** The API description the reference draws (its route's loader fetches it, so the server renders the page whole). */
export const openApiQuery = () =>
  queryOptions({
    queryKey: apiReferenceKeys.openApi(),
    queryFn: ({ signal }) => http.get(openApiSchema, '/openapi.json', { signal }),
    staleTime: Infinity,
    ...quiet,
  })

export function useOpenApi() {
  return useQuery(openApiQuery())
}
