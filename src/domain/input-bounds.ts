import * as v from 'valibot'
import { limits } from './limits.ts'

/**
 * Control characters refused in any text PayLab stores or looks up (NUL cannot be stored by PostgreSQL at all).
 * Tab, line feed and carriage return stay allowed in free text (descriptions, search).
 */
export const forbiddenControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** The same, as it appears percent-encoded in a path or query string. */
export const forbiddenEncodedControl = /%(?:0[0-8bce]|1[0-9a-f]|7f)/i

/** Nesting depth of a JSON value (a scalar is 0); stops counting once past `cap`. */
export function jsonDepth(value: unknown, cap = Infinity): number {
  const stack: [unknown, number][] = [[value, 0]]
  let max = 0
  while (stack.length) {
    const [node, depth] = stack.pop()!
    if (depth > max) max = depth
    if (max > cap) return max
    if (node && typeof node === 'object') for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return max
}

/** The first string (value or key) of a JSON value that holds a forbidden control character, by its path. */
export function findControlCharacter(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']]
  while (stack.length) {
    const [node, path] = stack.pop()!
    if (typeof node === 'string') {
      if (forbiddenControl.test(node)) return path
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const at = path ? `${path}.${key}` : key
        if (forbiddenControl.test(key)) return at
        stack.push([child, at])
      }
    }
  }
  return undefined
}

/** Free JSON a merchant may attach (`metadata`): bounded nesting and size; stored and answered as given. */
export const FreeJsonSchema = v.pipe(
  v.unknown(),
  v.check(
    (value) => jsonDepth(value, limits.input.metadataMaxDepth) <= limits.input.metadataMaxDepth,
    `At most ${limits.input.metadataMaxDepth} levels of nesting`,
  ),
  v.check(
    (value) => new TextEncoder().encode(JSON.stringify(value) ?? '').length <= limits.input.metadataMaxBytes,
    `At most ${limits.input.metadataMaxBytes} bytes`,
  ),
  v.description(`Free JSON (≤${limits.input.metadataMaxDepth} levels, ≤${limits.input.metadataMaxBytes} bytes).`),
)
