/**
 * Reading the JSON Schemas of `/openapi.json` (valibot's `toJsonSchema` output) as a developer reads a field table:
 * one row per field, nested objects flattened to dotted names (`amount.currency`, `orderItems[].name`), a type word
 * instead of a schema, and the constraints (length, range, pattern, allowed values) spelled out.
 */

export type JsonSchema = Record<string, unknown>

export type Constraint =
  | { kind: 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minItems' | 'maxItems'; value: number }
  | { kind: 'pattern' | 'format' | 'const'; value: string }
  | { kind: 'enum'; values: string[] }

export interface FieldRow {
  /** dotted path from the top of the body or the parameter's own name */
  name: string
  /** nesting depth (0 at the top), for indenting */
  depth: number
  type: string
  required: boolean
  nullable: boolean
  description?: string
  constraints: Constraint[]
  /** where a parameter travels (path, query, header); absent for body fields */
  in?: string
}

const asSchema = (x: unknown): JsonSchema => (x && typeof x === 'object' && !Array.isArray(x) ? (x as JsonSchema) : {})
const alternatives = (s: JsonSchema): JsonSchema[] => ((s.anyOf ?? s.oneOf) as unknown[] | undefined)?.map(asSchema) ?? []
const isNull = (s: JsonSchema) => s.type === 'null'

/** The schema without its `null` alternative, and whether there was one. */
export function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const alts = alternatives(schema)
  if (alts.length > 0 && alts.some(isNull)) {
    const rest = alts.filter((a) => !isNull(a))
    return { schema: rest.length === 1 ? rest[0]! : { anyOf: rest }, nullable: true }
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((t) => t !== 'null')
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true }
  }
  return { schema, nullable: false }
}

/** `string`, `integer`, `object`, `array of object`, `string | integer` … never a schema. */
export function typeLabel(schema: JsonSchema): string {
  const { schema: s } = unwrapNullable(schema)
  const alts = alternatives(s)
  if (alts.length > 0) return [...new Set(alts.map(typeLabel))].join(' | ')
  if (s.const !== undefined) return typeof s.const === 'number' ? (Number.isInteger(s.const) ? 'integer' : 'number') : typeof s.const
  if (Array.isArray(s.type)) return s.type.join(' | ')
  if (s.type === 'array') return `array of ${typeLabel(asSchema(s.items))}`
  if (typeof s.type === 'string') return s.type
  if (Array.isArray(s.enum)) return typeof s.enum[0] === 'number' ? 'number' : 'string'
  if (s.properties) return 'object'
  return 'any'
}

export function constraintsOf(schema: JsonSchema): Constraint[] {
  const { schema: s } = unwrapNullable(schema)
  const list: Constraint[] = []
  for (const kind of ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const) {
    if (typeof s[kind] === 'number') list.push({ kind, value: s[kind] })
  }
  if (typeof s.pattern === 'string') list.push({ kind: 'pattern', value: s.pattern })
  if (typeof s.format === 'string') list.push({ kind: 'format', value: s.format })
  if (s.const !== undefined) list.push({ kind: 'const', value: String(s.const) })
  if (Array.isArray(s.enum)) list.push({ kind: 'enum', values: s.enum.map(String) })
  const items = asSchema(s.items)
  if (s.type === 'array' && Array.isArray(items.enum)) list.push({ kind: 'enum', values: items.enum.map(String) })
  return list
}

/** The object schema a field opens into (itself, its array items, or its one non-null alternative), if any. */
function objectOf(schema: JsonSchema): { object: JsonSchema; suffix: string } | null {
  const { schema: s } = unwrapNullable(schema)
  if (s.properties) return { object: s, suffix: '' }
  if (s.type === 'array') {
    const inner = unwrapNullable(asSchema(s.items)).schema
    if (inner.properties) return { object: inner, suffix: '[]' }
  }
  return null
}

/** Every field of an object schema, depth first, nested ones under their parent with dotted names. */
export function fieldRows(schema: JsonSchema, prefix = '', depth = 0): FieldRow[] {
  const object = objectOf(schema)?.object ?? unwrapNullable(schema).schema
  const properties = asSchema(object.properties)
  const required = new Set((object.required as string[] | undefined) ?? [])
  return Object.entries(properties).flatMap(([key, raw]) => {
    const field = asSchema(raw)
    const name = prefix ? `${prefix}.${key}` : key
    const { nullable } = unwrapNullable(field)
    const row: FieldRow = {
      name,
      depth,
      type: typeLabel(field),
      required: required.has(key),
      nullable,
      ...(typeof field.description === 'string' ? { description: field.description } : {}),
      constraints: constraintsOf(field),
    }
    const inner = objectOf(field)
    return inner && depth < 6 ? [row, ...fieldRows(inner.object, `${name}${inner.suffix}`, depth + 1)] : [row]
  })
}

/** The rows of an operation's path, query and header parameters. */
export function parameterRows(parameters: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[]): FieldRow[] {
  return parameters.map((p) => ({
    name: p.name,
    in: p.in,
    depth: 0,
    type: typeLabel(p.schema),
    required: p.required,
    nullable: unwrapNullable(p.schema).nullable,
    ...(p.description ? { description: p.description } : {}),
    constraints: constraintsOf(p.schema),
  }))
}
