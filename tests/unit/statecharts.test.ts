import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { allStateNodes, transitionDescription } from '../../scripts/statechart-model.ts'
import { discoverMachines, generateStatecharts, generatedFilePattern, statechartsDir, toDot, toMermaid, toStatelyJson } from '../../scripts/statechart.ts'

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
      if (generatedFilePattern.test(name) && !generated.has(name)) stale.push(`${name} belongs to no machine`)
    expect(stale, 'docs/statecharts is stale: run npm run diagrams').toEqual([])
  })

  it('are generated the same way twice', async () => {
    const [first, second] = [await generateStatecharts(), await generateStatecharts()]
    expect([...second]).toEqual([...first])
  })

  it('describe every machine, state and transition in words, and show no XState internals', async () => {
    const missing: string[] = []
    for (const { name, machine } of await discoverMachines()) {
      if (!machine.root.description) missing.push(`${name}: machine description`)
      for (const node of allStateNodes(machine)) if (!node.description) missing.push(`${name}: state ${node.id}`)
      for (const node of [machine.root, ...allStateNodes(machine)])
        for (const t of [...[...node.transitions.values()].flat(), ...(node.always ?? [])])
          if (!transitionDescription(t)) missing.push(`${name}: transition ${node.id} ${t.eventType || 'always'}`)
    }
    expect(missing, 'add a description').toEqual([])
    for (const [file, content] of await generateStatecharts()) {
      expect(content, file).not.toMatch(/\bassign\b|entry \/|\braise\b|xstate\.(done|error|after)/)
    }
  })

  it('show the session flow with its states, triggers and what each state shows', async () => {
    const session = (await discoverMachines()).find((m) => m.name === 'session')
    expect(session?.exportName).toBe('sessionMachine')
    const mermaid = toMermaid(session!.machine)
    expect(mermaid).toMatch(/^stateDiagram-v2\n/)
    expect(mermaid).toContain('session_signedIn : shows session.signedIn')
    expect(mermaid).toContain('session_restoring --> session_signedIn : A sign-in is stored')
    expect(mermaid).toContain('session_signingOut --> session_signedOut : The logout call fails (ignored)')
    // the root-level sign-in is drawn once, from the whole flow
    expect(mermaid.match(/ --> session_signedIn : The user signs in/g)).toHaveLength(1)
    expect(toDot(session!.machine)).toContain(
      '"session.signedIn" -> "session.expired" [label="The server refuses a call\\n(401): the session has timed\\nout"]',
    )
  })

  it('export definitions the Stately editor imports: states, tags, targets, guards by name, real waits', async () => {
    const otp = (await discoverMachines()).find((m) => m.name === 'otp')!
    const json = JSON.parse(toStatelyJson(otp.machine, otp.start))
    expect(json.id).toBe('otp')
    expect(json.states.open.type).toBe('parallel')
    expect(json.states.open.tags).toEqual(['screen.otp'])
    expect(json.states.open.states.resend.states.coolingDown.after['60000'][0]).toMatchObject({ target: ['#otp.open.resend.ready'] })
    expect(json.states.open.states.entry.states.verifying.invoke[0]).toMatchObject({ id: 'verifyOtp', onDone: [{ target: ['#otp.verified'] }] })
  })
})
