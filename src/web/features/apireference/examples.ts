import type { Operation, Parameter } from './api.ts'
import { unwrapNullable, type JsonSchema } from './schema.ts'
import { sdkCalls } from './sdk-methods.ts'

/**
 * Example requests and answers generated from an operation of `/openapi.json`: the path with its parameters filled
 * in, the required body fields with plausible values, a curl command with the right headers, the SDK calls, and an
 * answer per status. Nothing here is written per operation except the SDK method names (sdk-methods.ts).
 */

/** Where the examples send their requests: the portal's own server as the docs run it locally. */
export const exampleBaseUrl = 'http://localhost:3000'
export const opaAuthPlaceholder = 'hmac OPA-Auth:<API key>:<signature>:<nonce>:<epoch>:<body hash>'
export const opaContentType = 'application/json;charset=UTF-8;'

/** Values a developer would recognise for the fields every payment call shares. */
const knownValues: Record<string, unknown> = {
  merchantPaymentId: 'order-20261124-0001',
  merchantRefundId: 'refund-20261124-0001',
  merchantCaptureId: 'capture-20261124-0001',
  merchantRevertId: 'revert-20261124-0001',
  merchantCashbackId: 'cashback-20261124-0001',
  merchantCashbackReversalId: 'cbrev-20261124-0001',
  requestId: 'reauth-20261124-0001',
  userAuthorizationId: 'ua-0f8c2a3e-1b2d-4c5e',
  paymentId: '04513468021093437440',
  codeId: '04-uFhDQvP6M1HkAy4Q',
  amount: 480,
  currency: 'JPY',
  requestedAt: 1764000000,
  orderDescription: 'Strawberry shortcake',
  reason: 'Customer returned the item',
  email: 'developer@example.com',
  password: 'Correct-Horse-7',
  otp: '123456',
  nonce: 'a1b2c3d4',
  referenceId: 'customer-0042',
  redirectUrl: 'https://shop.example.com/paid',
}

const asSchema = (x: unknown): JsonSchema => (x && typeof x === 'object' && !Array.isArray(x) ? (x as JsonSchema) : {})

/**
 * A plausible value of a schema; `name` picks a known value first. A request object gets its required fields (and
 * the well-known ones at the top); a response object every field.
 */
export function exampleValue(raw: JsonSchema, name = '', depth = 0, mode: 'request' | 'response' = 'request'): unknown {
  const { schema } = unwrapNullable(raw)
  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  if (alternatives?.length) return exampleValue(asSchema(alternatives[0]), name, depth, mode)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  if (type === 'object' || schema.properties) {
    if (depth > 5) return {}
    const properties = asSchema(schema.properties)
    const required = new Set((schema.required as string[] | undefined) ?? [])
    const keys = Object.keys(properties).filter((k) => mode === 'response' || required.has(k) || (depth === 0 && k in knownValues))
    return Object.fromEntries(keys.map((k) => [k, exampleValue(asSchema(properties[k]), k, depth + 1, mode)]))
  }
  if (type === 'array') return [exampleValue(asSchema(schema.items), name, depth + 1, mode)]
  const known = knownValues[name]
  if (type === 'integer' || type === 'number') {
    if (typeof known === 'number') return known
    return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1
  }
  if (type === 'boolean') return true
  if (typeof known === 'string') return known
  if (schema.format === 'email') return knownValues.email
  return plausibleText(name, schema.format).slice(0, typeof schema.maxLength === 'number' ? schema.maxLength : 64)
}

/** `merchant_reference_id`, `testUserId` → ['merchant', 'reference', 'id'], ['test', 'user', 'id']. */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(' ')
    .filter(Boolean)

/**
 * A string a developer would recognise for a field the table above does not name, from what its name says it is
 * (issue 20: no `"url": "url-example"` placeholders). Checked in order, most specific first.
 */
const textRules: [RegExp, (words: string[]) => string][] = [
  [/\b(at|date|until)\b|^(created|updated|revoked|last used|next attempt) /, () => '2026-11-24T10:00:00.000Z'],
  [/\bmonth\b/, () => '2026-11'],
  [/\b(url|href|link)\b/, (w) => `https://shop.example.com/${w.filter((x) => !['url', 'href', 'link'].includes(x)).join('-') || 'page'}`],
  [/\bimage\b/, () => 'https://shop.example.com/images/logo.png'],
  [/\bresolver path\b/, () => '/develop/resolve?code=INVALID_PARAMS'],
  [/\bpath\b/, () => '/v2/codes'],
  [/\bmethod\b/, () => 'POST'],
  [/\bphone\b/, () => '090-1234-5678'],
  [/\btoken\b/, () => 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
  [/\bhint\b/, () => '••••7Q=='],
  [/\bsecret\b/, () => 'c2lnbmluZy1zZWNyZXQtZm9yLWRvY3M='],
  [/\bapi key\b/, () => 'a_PayLab_3fK9xQ'],
  [/\bversion\b/, () => '2.4.0'],
  [/\bhash\b/, () => '1B2M2Y8AsgTpgAmY7PhCfg=='],
  [/\bstring to sign\b/, () => 'POST\n/v2/codes\n1764000000\na1b2c3\n1B2M2Y8AsgTpgAmY7PhCfg=='],
  [/\bheader\b/, () => 'hmac OPA-Auth:a_PayLab_3fK9xQ:mac:a1b2c3:1764000000:1B2M2Y8AsgTpgAmY7PhCfg=='],
  [/\bcurl\b/, () => "curl -X GET 'http://localhost:3000/v2/codes/payments/order-20261124-0001'"],
  [/\bbody\b/, () => '{"amount":{"amount":480,"currency":"JPY"}}'],
  [/\bcode id\b/, () => '08100001'],
  [/\bcode\b/, () => 'SUCCESS'],
  [/\bmerchant$|\bmerchant id\b/, () => '123456789012345678'],
  [/\bid$/, (w) => `${w.slice(0, -1).join('-') || 'item'}-0001`],
  [/\bmerchant name\b/, () => 'PayLab Cake Shop'],
  [/\b(user ?name)\b/, () => 'taro'],
  [/\bslug\b/, () => 'webpayment'],
  [/\bsub title\b/, () => 'Pay from any browser'],
  [/\btitle\b/, () => 'Web Payment'],
  [/\bsearch\b/, () => 'QR'],
  [/\bdomains?\b/, () => 'shop.example.com'],
  [/\bscopes?\b/, () => 'direct_debit'],
  [/\bendpoints?\b/, () => 'POST /v2/codes'],
  [/\berror\b/, () => 'connect ECONNREFUSED 127.0.0.1:8080'],
  [/\blabel\b/, () => 'Before the demo'],
  [/\bflags?\b/, () => 'signature-verified'],
  [/\bkind\b|\btype\b/, () => 'payment'],
  [/\bkey\b/, () => 'lang'],
  [/\b(desc|description|text|info|more info|sections?|message)\b/, () => 'Take payments with a QR code in three steps.'],
  [/\bpage\b/, () => 'https://shop.example.com/sandbox/test-users'],
]

function plausibleText(name: string, format: unknown): string {
  if (format === 'date-time') return '2026-11-24T10:00:00.000Z'
  if (format === 'uri') return 'https://shop.example.com/paylab/hook'
  const words = wordsOf(name)
  const phrase = words.join(' ')
  for (const [test, value] of textRules) if (test.test(phrase)) return value(words)
  return phrase || 'text'
}

export type Auth = 'opaAuth' | 'bearer' | 'none'
export const authOf = (op: Operation): Auth => {
  const scheme = op.security?.flatMap((s) => Object.keys(s))[0]
  return scheme === 'opaAuth' || scheme === 'bearer' ? scheme : 'none'
}

export interface ExampleRequest {
  method: string
  /** path with path parameters filled in and required query parameters appended */
  url: string
  /** the parameter values in order (path first, then query), as the SDKs take them */
  args: unknown[]
  headers: [string, string][]
  body?: Record<string, unknown>
}

const sandboxOnly = (p: Parameter) => p.in === 'header' && p.name.toLowerCase().startsWith('x-sandbox-')

export function exampleRequest(method: string, path: string, op: Operation): ExampleRequest {
  const args: unknown[] = []
  let url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name)
    const value = exampleValue(param?.schema ?? {}, name)
    args.push(value)
    return encodeURIComponent(String(value))
  })
  const query = op.parameters.filter((p) => p.in === 'query' && p.required)
  if (query.length > 0) {
    const search = new URLSearchParams()
    for (const p of query) {
      const value = exampleValue(p.schema, p.name)
      args.push(value)
      search.set(p.name, String(value))
    }
    url += `?${search.toString()}`
  }
  const bodySchema = op.requestBody?.content['application/json']?.schema
  const body = bodySchema ? (exampleValue(bodySchema) as Record<string, unknown>) : undefined
  const auth = authOf(op)
  const headers: [string, string][] = []
  if (auth === 'opaAuth') {
    headers.push(['Authorization', opaAuthPlaceholder], ['X-ASSUME-MERCHANT', '<merchant id>'])
  } else if (auth === 'bearer') {
    headers.push(['Authorization', 'Bearer <access_token>'])
  }
  for (const p of op.parameters.filter((p) => p.in === 'header' && p.required && !sandboxOnly(p)))
    headers.push([p.name, String(exampleValue(p.schema, p.name))])
  if (body) headers.push(['Content-Type', auth === 'opaAuth' ? opaContentType : 'application/json'])
  return { method: method.toUpperCase(), url, args, headers, ...(body ? { body } : {}) }
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

export function curlOf(request: ExampleRequest): string {
  const lines = [`curl -X ${request.method} ${shellQuote(exampleBaseUrl + request.url)}`]
  for (const [name, value] of request.headers) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`)
  if (request.body) lines.push(`  -d ${shellQuote(JSON.stringify(request.body, null, 2))}`)
  return lines.join(' \\\n')
}

export type SdkLanguage = 'node' | 'python' | 'php' | 'java'
export const sdkLanguages: readonly SdkLanguage[] = ['node', 'python', 'php', 'java']

const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`)

function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`
  const entries = Object.entries(value as Record<string, unknown>)
  return `{\n${entries.map(([k, v]) => `    ${JSON.stringify(k)}: ${indent(pythonLiteral(v), '    ')},`).join('\n')}\n}`
}

function phpLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return `[${value.map(phpLiteral).join(', ')}]`
  const entries = Object.entries(value as Record<string, unknown>)
  return `[\n${entries.map(([k, v]) => `    '${k}' => ${indent(phpLiteral(v), '    ')},`).join('\n')}\n]`
}

const javaMoney = (v: Record<string, unknown>) => `new MoneyAmount().amount(${String(v.amount)}).currency(MoneyAmount.CurrencyEnum.${String(v.currency)})`
const isMoney = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && 'amount' in v && 'currency' in v

function javaLiteral(value: unknown): string {
  if (isMoney(value)) return javaMoney(value)
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) > 2 ** 31 ? `${value}L` : String(value)
  if (Array.isArray(value)) return `List.of(${value.map(javaLiteral).join(', ')})`
  return String(value)
}

/** The SDK call of an operation in one language, or null when that SDK has no method for it. */
export function sdkSnippet(language: SdkLanguage, method: string, path: string, request: ExampleRequest): string | null {
  const call = sdkCalls[`${method.toLowerCase()} ${path}`]
  if (!call) return null
  const body = request.body ?? {}
  const args = request.args
  switch (language) {
    case 'node': {
      if (!call.node) return null
      const arg = call.args === 'body' ? JSON.stringify(body, null, 2) : JSON.stringify(args)
      return `const response = await PayLab.${call.node}(${arg});\nconsole.log(response.STATUS, response.BODY.resultInfo.code);`
    }
    case 'python': {
      if (!call.python) return null
      const arg = call.args === 'body' ? pythonLiteral(body) : args.map(pythonLiteral).join(', ')
      return `response = client.${call.python}(${arg})\nprint(response["resultInfo"]["code"])`
    }
    case 'php': {
      if (!call.php) return null
      const arg = call.args === 'body' ? phpLiteral(body) : args.map(phpLiteral).join(', ')
      return `<?php\n$response = $client->${call.php}(${arg});\necho $response['resultInfo']['code'];`
    }
    case 'java': {
      if (!call.java) return null
      if (call.args === 'params' || !call.java.model) return `${call.java.call}(${args.map(javaLiteral).join(', ')});`
      const model = call.java.model
      const variable = model.charAt(0).toLowerCase() + model.slice(1)
      const setters = Object.entries(body).map(([k, v]) => `\n    .${k}(${javaLiteral(v)})`)
      return `${model} ${variable} = new ${model}()${setters.join('')};\n${call.java.call}(${variable});`
    }
  }
}

export interface ExampleResponse {
  status: string
  /** the published codes answered with this status (errors), or the success code */
  codes: { code: string; codeId: string; message: string; common?: boolean | undefined }[]
  body: unknown
}

/** One example answer per published status: success with a generated body, each error status with its first code. */
export function exampleResponses(op: Operation): ExampleResponse[] {
  return Object.entries(op.responses)
    .filter(([status]) => status !== 'default')
    .map(([status, response]) => {
      const success = response['x-resultInfo']
      if (success) {
        const schema = response.content?.['application/json']?.schema ?? {}
        const generated = exampleValue(schema, '', 0, 'response') as Record<string, unknown>
        const data = success.code === 'REQUEST_ACCEPTED' ? null : (generated.data ?? null)
        return { status, codes: [success], body: { resultInfo: success, data } }
      }
      const codes = response['x-codes'] ?? []
      const first = codes[0]
      return { status, codes, body: first ? { resultInfo: { code: first.code, message: first.message, codeId: first.codeId }, data: null } : null }
    })
}

/** The response-code resolver's address for one published code of an operation (spec §1, `/develop/resolve`). */
export const resolverHref = (apiName: string, code: { code: string; codeId: string }) =>
  `/develop/resolve?${new URLSearchParams({ api_name: apiName, code: code.code, code_id: code.codeId }).toString()}`

/** The anchor of an operation on the page: its published API name or operation id. */
export const operationAnchor = (method: string, path: string, op: Operation) =>
  (op['x-apiName'] ?? op.operationId ?? `${method}-${path}`).replace(/[^A-Za-z0-9_-]+/g, '-')
