import { readFileSync } from 'node:fs'
import { resolve as resolvePath } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sampleFile, sampleHelpers, sampleLanguages, sampleOptions, type SampleLanguage } from '@/domain/sample-catalogue.ts'

/**
 * The catalogue's samples that this machine cannot run (Swift, Kotlin, browser JavaScript; Java and PHP are run by
 * samples.test.ts) are checked against the provider's published reference in ../shared/reference/ (beside the checkout): the path
 * and method each option calls (the Node.js sample, which samples.test.ts runs against the sandbox, is the
 * yardstick), every body field name (from the OpenAPI document for /v2/codes, from the API summary's request lists
 * for /v2/cashback and /v2/payments), the required fields, and the header names of the OPA-Auth scheme (summary §2)
 * in each language's signing helper.
 */
const referenceDir = process.env.PAYLAB_REFERENCE_DIR ?? resolvePath(process.cwd(), '../shared/reference')
const openapi = JSON.parse(readFileSync(`${referenceDir}/opa-dynamic-qr-openapi.json`, 'utf8'))
const summary = readFileSync(`${referenceDir}/opa-api-summary.md`, 'utf8')

type Schema = {
  $ref?: string
  allOf?: Schema[]
  properties?: Record<string, Schema>
  items?: Schema
  required?: string[]
  schema?: Schema
  content?: Record<string, { schema: Schema }>
}
function resolve(node: Schema): Schema {
  if (!node.$ref) return node
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<any>((at, key) => at[key], openapi)
  return resolve(target)
}
/** Every property name anywhere in a schema (nested objects and arrays too), and the top level's required ones. */
function fieldsOf(schema: Schema, names = new Set<string>()): Set<string> {
  const node = resolve(schema)
  for (const part of node.allOf ?? []) fieldsOf(part, names)
  if (node.items) fieldsOf(node.items, names)
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    names.add(name)
    fieldsOf(child, names)
  }
  return names
}
function requiredOf(schema: Schema): string[] {
  const node = resolve(schema)
  return [...(node.required ?? []), ...(node.allOf ?? []).flatMap(requiredOf)]
}

interface Operation {
  fields: Set<string>
  required: string[]
}
const moneyFields = fieldsOf({ $ref: '#/components/schemas/MoneyAmount' })
/** The published request of `POST path`: the OpenAPI document where it has the path, else the summary's list. */
function publishedRequest(path: string): Operation {
  const body = openapi.paths[path]?.post?.requestBody
  if (body) {
    const schema = resolve(body).content!['application/json']!.schema
    // the summary lists what the provider accepts beyond the OpenAPI schema (the web-payment page's fields)
    const extra = summary.split('\n').find((l) => l.startsWith("- Not in S1's request schema"))!
    const extraFields = [...extra.matchAll(/`([a-z]\w*)`/g)].map((m) => m[1]!)
    return { fields: new Set([...fieldsOf(schema), ...extraFields]), required: requiredOf(schema) }
  }
  const line = summary.split('\n').find((l) => l.startsWith(`- \`POST ${path}\``))
  if (!line) throw new Error(`POST ${path} is not in the reference`)
  const listed = [...line.matchAll(/\b([Ro]) `(\w+)`/g)]
  return { fields: new Set([...listed.map((m) => m[2]!), ...moneyFields]), required: listed.filter((m) => m[1] === 'R').map((m) => m[2]!) }
}
const publishedPaths = new Set([...Object.keys(openapi.paths), ...[...summary.matchAll(/`(?:GET|POST|PUT|DELETE) (\/v\d\/[^`?\s]*)/g)].map((m) => m[1]!)])
const authHeader = summary.match(/Header: `([\w-]+): (hmac OPA-Auth:)/)!
const merchantHeader = summary.match(/header `([\w-]+): \{MerchantId\}`/)!
const contentTypeHeader = summary.match(/the `([\w-]+)` header value sent, e\.g\. `([^`]+)`/)!

const read = (file: string) => readFileSync(`samples/${file}`, 'utf8')
/** The method and path of the sample's one call. */
function callOf(text: string) {
  const path = text.match(/['"`/}](\/v2\/[\w/]+)/)?.[1]
  const method = text.match(/['"](GET|POST|PUT|DELETE)['"]/)?.[1]
  return { path, method }
}
/** The request body's field names: the keys written from the body's start to the line that closes it. */
function bodyFields(text: string, path: string, language: SampleLanguage): string[] {
  const starts = { ios: 'json: [', java: 'String body = """', javascript: 'JSON.stringify(' } as Partial<Record<SampleLanguage, string>>
  const start = starts[language] ?? path
  expect(text, `the body of ${path}`).toContain(start)
  const from = text.indexOf(start) + start.length
  const lines = text.slice(from).split('\n')
  const end = lines.findIndex((line, i) => i > 0 && /^\s*(\]|\)|\}|""")/.test(line))
  const block = lines.slice(0, end).join('\n')
  return [...block.matchAll(/(?<![\w.])["']?(\w+)["']?\s*(?::\s|=>|\sto\s)/g)].map((m) => m[1]!)
}

describe('catalogue samples follow the published reference', () => {
  it('parses the reference: its paths, the OPA-Auth header names and the request fields', () => {
    expect(publishedPaths.has('/v2/codes')).toBe(true)
    expect([authHeader[1], merchantHeader[1], contentTypeHeader[1]]).toEqual(['Authorization', 'X-ASSUME-MERCHANT', 'Content-Type'])
    expect(publishedRequest('/v2/cashback').required).toContain('merchantCashbackId')
    expect(publishedRequest('/v2/codes').fields).toContain('orderItems')
  })

  for (const option of sampleOptions) {
    const node = read(sampleFile(option, 'node'))
    const expected = callOf(node)
    const nodeFields = new Set(bodyFields(node, expected.path!, 'node'))
    for (const language of sampleLanguages) {
      it(`${option}: the ${language} sample calls ${expected.method} ${expected.path} with published field names`, () => {
        expect(publishedPaths, 'the Node.js sample path is published').toContain(expected.path)
        const file = sampleFile(option, language)
        const text = read(file)
        expect(callOf(text), file).toEqual(expected)
        for (const path of text.matchAll(/['"`/](\/v\d\/[\w/]*)/g)) expect(publishedPaths, `${file} names ${path[1]}`).toContain(path[1])
        const published = publishedRequest(expected.path!)
        const fields = bodyFields(text, expected.path!, language)
        for (const field of fields) expect(published.fields, `${file}: ${field}`).toContain(field)
        if (language === 'javascript') {
          // the browser posts to the merchant's own server, which adds the linked user and signs
          expect(text).not.toMatch(/apiSecret|API_SECRET|OPA-Auth:/)
          expect(text).toContain(`'${contentTypeHeader[1]}': 'application/json'`)
        } else {
          for (const field of published.required) expect(fields, `${file} sends ${field}`).toContain(field)
          expect(new Set(fields), `${file} sends what the Node.js sample sends`).toEqual(nodeFields)
        }
      })
    }
  }

  for (const language of sampleLanguages) {
    const helper = sampleHelpers[language]
    if (!helper) continue
    it(`the ${language} signing helper sends the OPA-Auth headers by their published names`, () => {
      const text = read(helper)
      expect(text).toContain(authHeader[2])
      for (const name of [authHeader[1], merchantHeader[1], contentTypeHeader[1]])
        expect(text, `${helper}: ${name}`).toMatch(new RegExp(`(?<![\\w-])${name}(?![\\w-])`))
      expect(text).toContain(contentTypeHeader[2])
      expect(text, 'MD5 of content type and body').toMatch(/md5/i)
      expect(text, 'HMAC-SHA256').toMatch(/sha256/i)
    })
  }
})
