import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every actor the app starts can be watched (issue 30, docs/architecture.md §4): each `useMachine`, `useActorRef`
 * and `createActor` call in src/ (tests aside) passes the inspector option (`inspect: inspectOption()`, or an
 * `inspect` it was given). Children invoked or spawned by such an actor are inspected with it.
 */

const root = process.cwd()
const starters = /\b(useMachine|useActorRef|createActor)\s*\(/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : []
  })
}

/** The text between a call's parentheses (strings and template literals skipped over). */
function argumentsOf(text: string, open: number): string {
  let depth = 0
  let quote: string | null = null
  for (let i = open; i < text.length; i++) {
    const c = text[i]!
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = null
      continue
    }
    if (c === '"' || c === "'" || c === '`') quote = c
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return text.slice(open + 1, i)
  }
  return text.slice(open + 1)
}

/** Every actor start in `text` without the inspector option, as `file:line name`. */
export function uninspectedStarts(text: string, file: string): string[] {
  const found: string[] = []
  for (const match of text.matchAll(starters)) {
    const before = text.slice(Math.max(0, match.index - 40), match.index)
    // the import line and comments name the functions without calling them
    if (/import\s*\{[^}]*$/.test(before) || /(\/\/|\*)[^\n]*$/.test(before)) continue
    const args = argumentsOf(text, match.index + match[0].length - 1)
    if (!/\binspect\s*[:,}]/.test(args)) found.push(`${file}:${text.slice(0, match.index).split('\n').length} ${match[1]}`)
  }
  return found
}

describe('every actor is created with the inspector option', () => {
  it('finds no useMachine, useActorRef or createActor in src/ without it', () => {
    const missing = sourceFiles(join(root, 'src')).flatMap((file) => uninspectedStarts(readFileSync(file, 'utf8'), relative(root, file)))
    expect(missing).toEqual([])
  })

  it('notices a start without it (the scan is not blind)', () => {
    const code = [
      "import { useMachine } from '@xstate/react'",
      'const a = useMachine(machine, { input: { kind } })',
      'const b = useMachine(machine, { input: f(1, ")"), inspect: inspectOption() })',
      'const c = createActor(machine)',
      'const d = createActor(machine, { inspect })',
      '// createActor(machine) in a comment',
    ].join('\n')
    expect(uninspectedStarts(code, 'x.ts')).toEqual(['x.ts:2 useMachine', 'x.ts:4 createActor'])
  })
})
