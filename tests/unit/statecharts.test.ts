import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { discoverMachines, generateStatecharts, statechartsDir, toDot, toMermaid } from '../../scripts/statechart.ts'

describe('docs/statecharts', () => {
  it('match the machines (otherwise: run npm run diagrams)', async () => {
    const dir = statechartsDir()
    const generated = await generateStatecharts()
    const stale: string[] = []
    for (const [name, content] of generated) {
      const path = join(dir, name)
      if (!existsSync(path)) stale.push(`${name} is missing`)
      else if (readFileSync(path, 'utf8') !== content) stale.push(`${name} is out of date`)
    }
    for (const name of existsSync(dir) ? readdirSync(dir) : [])
      if (/\.(md|svg)$/.test(name) && !generated.has(name)) stale.push(`${name} belongs to no machine`)
    expect(stale, 'docs/statecharts is stale: run npm run diagrams').toEqual([])
  })

  it('are generated the same way twice', async () => {
    const [first, second] = [await generateStatecharts(), await generateStatecharts()]
    expect([...second]).toEqual([...first])
  })

  it('show the session machine with its invoked actor, guard and every transition', async () => {
    const session = (await discoverMachines()).find((m) => m.name === 'session')
    expect(session?.exportName).toBe('sessionMachine')
    const mermaid = toMermaid(session!.machine)
    expect(mermaid).toMatch(/^stateDiagram-v2\n/)
    expect(mermaid).toContain('session_signingOut : invoke signOutRequest')
    expect(mermaid).toContain('session_restoring --> session_signedIn : always [hasStoredToken]')
    expect(mermaid).toContain('session_signingOut --> session_signedOut : error signOutRequest / forgetToken, reloadToHome')
    expect(mermaid.match(/ --> /g)).toHaveLength(1 + 10)
    expect(toDot(session!.machine)).toContain('"session.signedIn" -> "session.expired" [label="session.unauthorized / markTimedOut, clearStoredSession"]')
  })
})
