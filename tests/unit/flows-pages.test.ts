/**
 * Issue 30, item 6: the flows pages (/flows, /flows/<machine>) are generated from the machines and their models. These
 * checks fail when a page and its machine disagree: the states and transitions it lists, the flows it knows, the texts
 * its catalog translates, and the simulator's buttons (every event it offers is one the machine takes, and clicking
 * through them never breaks the machine). docs/flows-pages.md.
 */
import { readFileSync } from 'node:fs'
import PO from 'pofile'
import { createActor, type AnyMachineSnapshot } from 'xstate'
import { describe, expect, it } from 'vitest'
import { machineInventory } from '../../scripts/statechart-model.ts'
import { discoverMachines } from '../../scripts/statechart.ts'
import { machineTextsFile, machineTextsSource } from '../../scripts/lib/flow-texts-source.ts'
import { flowNameOf, flowPage, flowTexts } from '@/web/features/flows/flow-data.ts'
import { flowNames, loadFlowPage } from '@/web/features/flows/registry.ts'
import { offeredEvents, simulatedMachine } from '@/web/features/flows/simulator-logic.ts'

const found = (await discoverMachines()).filter((f) => f.model)

describe('the flows pages', () => {
  it('list every machine that has a model, each with its generated diagram', async () => {
    expect(flowNames).toEqual(found.map((f) => f.name))
    for (const name of flowNames) expect((await loadFlowPage(name))?.diagramUrl, name).toMatch(new RegExp(`${name}.*\\.svg`))
    expect(await loadFlowPage('no-such-flow')).toBeUndefined()
  })

  it.each(found.map((f) => [f.name, f] as const))('%s: the page lists exactly the machine’s states and transitions', (name, f) => {
    const page = flowPage(name, { ...f.model!, machine: f.machine })
    const inventory = machineInventory(f.machine)
    expect(page.states.map((s) => s.id)).toEqual(inventory.states)
    const key = (t: { source: string; eventType: string; targets: string[] }) => `${t.source} ${t.eventType} → ${t.targets.join(',')}`
    expect(page.transitions.map(key)).toEqual(inventory.transitions.map(key))
    expect(page.purpose).not.toBe('')
    // a state that runs another flow links to that flow's page (components/flow-page.tsx names it from the machine id)
    for (const id of page.states.flatMap((s) => s.subflows)) expect(flowNames, `${name} runs ${id}`).toContain(flowNameOf(id))
    for (const text of [...page.states.map((s) => s.description), ...page.transitions.map((t) => t.description)]) expect(text, name).not.toBe('')
  })

  it('hand every machine text to Lingui (otherwise: npm run diagrams, npm run i18n) and Japanese readers get Japanese', () => {
    expect(readFileSync(machineTextsFile, 'utf8'), 'run npm run diagrams').toBe(machineTextsSource(found))
    const ja = new Map(PO.parse(readFileSync('locales/ja/flows.po', 'utf8')).items.map((item) => [item.msgid, item.msgstr[0] ?? '']))
    const untranslated = found.flatMap((f) => flowTexts(f.model!)).filter((text) => !ja.get(text))
    expect([...new Set(untranslated)], 'translate with npm run i18n:ja').toEqual([])
  })

  it.each(found.map((f) => [f.name, f] as const))('%s: the simulator offers only events the machine takes, and clicking them never breaks it', (name, f) => {
    const model = f.model!
    let seed = 7
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (const start of model.inputs?.length ? model.inputs : [{ input: undefined }]) {
      const actor = createActor(simulatedMachine(f.machine), { input: start.input })
      actor.start()
      const first = offeredEvents(model, actor.getSnapshot())
      expect(first.length > 0 || actor.getSnapshot().status !== 'active', `${name}: something to press at the start`).toBe(true)
      for (let step = 0; step < 40; step++) {
        const snapshot: AnyMachineSnapshot = actor.getSnapshot()
        expect(snapshot.status, `${name} step ${step}`).not.toBe('error')
        const offered = offeredEvents(model, snapshot)
        if (!offered.length) break
        for (const offer of offered) expect(snapshot.can(offer.event), offer.event.type).toBe(true)
        const pick = offered[next(offered.length)]!
        actor.send(pick.event)
      }
      expect(actor.getSnapshot().status).not.toBe('error')
      actor.stop()
    }
  })
})
