// Machine → diagrams: Mermaid `stateDiagram-v2` (docs/statecharts/<machine>.md) and Graphviz DOT rendered to
// SVG offline with @viz-js/viz (docs/statecharts/<machine>.svg), plus an index. Output is deterministic: it
// follows the machine's definition order and nothing else. Used by scripts/diagrams.ts and the staleness test.
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { existsSync } from 'node:fs'
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate'
import { allStateNodes, delayMs, eventLabel, formatDuration, machineInventory, transitionDescription, type MachineModel } from './statechart-model.ts'
import { toStatelyJson } from './lib/stately-json.ts'
import { mutationSection } from './lib/statechart-mutation-doc.ts'
import { qaSection } from './lib/statechart-qa-doc.ts'

export { toStatelyJson }

export interface FoundMachine {
  /** `session` for machines/session.machine.ts */
  name: string
  file: string
  exportName: string
  machine: AnyStateMachine
  /** The machine's state right after its model's first start (delays computed from context are read in it). */
  start?: AnyMachineSnapshot
  model?: MachineModel<AnyStateMachine>
}

function isModel(value: unknown): value is MachineModel<AnyStateMachine> {
  return typeof value === 'object' && value !== null && 'machine' in value
}

/** The model exported by machines/<name>.machine.model.ts (every machine has one; the architecture lint checks). */
export async function loadModel(name: string, root = process.cwd()): Promise<MachineModel<AnyStateMachine> | undefined> {
  const modelFile = join(root, 'machines', `${name}.machine.model.ts`)
  if (!existsSync(modelFile)) return undefined
  const mod: Record<string, unknown> = await import(pathToFileURL(modelFile).href)
  return Object.values(mod).find(isModel)
}

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'provide' in value
}

/** Every machines/*.machine.ts with its one exported `…Machine`, sorted by name. */
export async function discoverMachines(root = process.cwd()): Promise<FoundMachine[]> {
  const dir = join(root, 'machines')
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort()
  const found: FoundMachine[] = []
  for (const file of files) {
    const mod: Record<string, unknown> = await import(pathToFileURL(join(dir, file)).href)
    const exported = Object.entries(mod).filter(([key, value]) => key.endsWith('Machine') && isMachine(value))
    const [first] = exported
    if (exported.length !== 1 || !first)
      throw new Error(`machines/${file} must export exactly one …Machine (found ${exported.map(([k]) => k).join(', ') || 'none'})`)
    const [exportName, machine] = first
    if (!isMachine(machine)) continue
    const name = file.replace(/\.machine\.ts$/, '')
    const model = await loadModel(name, root)
    const start = createActor(machine, { input: model?.inputs?.[0]?.input }).getSnapshot()
    found.push({ name, file: relative(root, join(dir, file)), exportName, machine, start, model })
  }
  return found
}

// ---------------------------------------------------------------------------------------------------------

interface Edge {
  source: AnyStateNode
  target: AnyStateNode
  label: string
  internal: boolean
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
}

/** What triggers a transition, in words: its description, with the real length of a wait. */
export function transitionLabel(machine: AnyStateMachine, t: AnyTransitionDefinition, start?: AnyMachineSnapshot): string {
  const described = transitionDescription(t) ?? eventLabel(machine, t.eventType)
  const after = /^xstate\.after\.([^.]+)\./.exec(t.eventType)
  if (!after?.[1]) return described
  const ms = delayMs(machine, after[1], start)
  return ms === undefined ? described : `${described} (after ${formatDuration(ms)})`
}

function edgesOf(machine: AnyStateMachine, start?: AnyMachineSnapshot): Edge[] {
  const edges: Edge[] = []
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    for (const t of transitionsOf(node)) {
      const label = transitionLabel(machine, t, start)
      const targets: AnyStateNode[] = t.target?.length ? [...t.target] : [node]
      for (const target of targets) edges.push({ source: node, target, label, internal: !t.target?.length })
    }
  }
  return edges
}

/** A state's description, if any. */
export function stateDescription(node: AnyStateNode): string | undefined {
  return typeof node.description === 'string' && node.description ? node.description : undefined
}

/** Flows a state runs as a machine of their own (e.g. the OTP panel), by machine id. */
function subflowsOf(node: AnyStateNode): string[] {
  return node.invoke.flatMap((inv) => {
    const logic: unknown = typeof inv.src === 'string' ? node.machine.implementations.actors[inv.src] : inv.src
    return logic && typeof logic === 'object' && 'root' in logic && 'config' in logic ? [(logic as AnyStateMachine).id] : []
  })
}

/** What a diagram says inside a state: what the user sees, the flow it runs, its tags. Never actions. */
function stateNotes(node: AnyStateNode): string[] {
  const description = stateDescription(node)
  return [
    ...(description ? [description] : []),
    ...subflowsOf(node).map((id) => `runs the ${id} flow (see its diagram)`),
    ...(node.tags.length ? [`shows: ${node.tags.join(', ')}`] : []),
  ]
}

function hasOwnTransitions(node: AnyStateNode) {
  return transitionsOf(node).length > 0
}

// ---------------------------------------------------------------------------------------------------------
// Mermaid

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_')
const mermaidText = (text: string) => text.replace(/[;#]/g, ',').replace(/:\s*/g, ' ')

export function toMermaid(machine: AnyStateMachine, start?: AnyMachineSnapshot): string {
  const lines = ['stateDiagram-v2']
  const drawRoot = hasOwnTransitions(machine.root) || machine.root.invoke.length > 0
  const declare = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states)
    const label = node.parent ? node.key : node.id
    lines.push(`${indent}state "${mermaidText(label)}" as ${mermaidId(node)}`)
    if (children.length) {
      lines.push(`${indent}state ${mermaidId(node)} {`)
      body(node, `${indent}  `)
      lines.push(`${indent}}`)
    }
    for (const note of stateNotes(node)) lines.push(`${indent}${mermaidId(node)} : ${mermaidText(note)}`)
    if (node.type === 'final') lines.push(`${indent}${mermaidId(node)} --> [*]`)
    if (node.type === 'history') lines.push(`${indent}${mermaidId(node)} : history (${node.history})`)
  }
  const body = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states)
    if (node.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) lines.push(`${indent}--`)
        declare(child, indent)
      })
      return
    }
    const initial = node.initial?.target?.[0]
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`)
    for (const child of children) declare(child, indent)
  }
  if (drawRoot) {
    lines.push(`  [*] --> ${mermaidId(machine.root)}`)
    declare(machine.root, '  ')
  } else body(machine.root, '  ')
  for (const edge of edgesOf(machine, start)) {
    const label = edge.internal ? `${edge.label} (no state change)` : edge.label
    lines.push(`  ${mermaidId(edge.source)} --> ${mermaidId(edge.target)} : ${mermaidText(label)}`)
  }
  return `${lines.join('\n')}\n`
}

// ---------------------------------------------------------------------------------------------------------
// Graphviz

const dotId = (node: AnyStateNode) => JSON.stringify(node.id)
/** Breaks text into lines of about `width` characters at spaces. */
function wrap(text: string, width: number): string {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.join('\n')
}
const dotText = (text: string) => JSON.stringify(text)
const isCompound = (node: AnyStateNode) => Object.keys(node.states).length > 0
const anchorOf = (node: AnyStateNode) => JSON.stringify(`${node.id}.__anchor`)

export function toDot(machine: AnyStateMachine, start?: AnyMachineSnapshot): string {
  const out = [
    `digraph ${JSON.stringify(machine.id)} {`,
    '  compound=true; rankdir=LR; fontname="Helvetica"; fontsize=11;',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", color="#5f6368", fontname="Helvetica", fontsize=11];',
    '  edge [color="#5f6368", fontname="Helvetica", fontsize=10];',
  ]
  const labelOf = (node: AnyStateNode) => [node.parent ? node.key : node.id, ...stateNotes(node).map((n) => wrap(n, 38))].join('\n')
  const emit = (node: AnyStateNode, indent: string) => {
    if (isCompound(node)) {
      out.push(`${indent}subgraph ${JSON.stringify(`cluster_${node.id}`)} {`)
      out.push(`${indent}  label=${dotText(labelOf(node))}; style="rounded${node.type === 'parallel' ? ',dashed' : ''}"; color="#5f6368";`)
      out.push(`${indent}  ${anchorOf(node)} [shape=point, style=invis, width=0, height=0, label=""];`)
      const initial = node.type === 'parallel' ? undefined : node.initial?.target?.[0]
      if (initial) {
        const start = JSON.stringify(`${node.id}.__initial`)
        out.push(`${indent}  ${start} [shape=point, width=0.12, fillcolor="#202124", label=""];`)
        out.push(
          `${indent}  ${start} -> ${isCompound(initial) ? anchorOf(initial) : dotId(initial)}${isCompound(initial) ? ` [lhead=${JSON.stringify(`cluster_${initial.id}`)}]` : ''};`,
        )
      }
      for (const child of Object.values(node.states)) emit(child, `${indent}  `)
      out.push(`${indent}}`)
    } else {
      const attrs = [`label=${dotText(labelOf(node))}`]
      if (node.type === 'final') attrs.push('peripheries=2')
      if (node.type === 'history') attrs.push('shape=circle')
      out.push(`${indent}${dotId(node)} [${attrs.join(', ')}];`)
    }
  }
  const drawRoot = hasOwnTransitions(machine.root) || machine.root.invoke.length > 0
  if (drawRoot) emit(machine.root, '  ')
  else {
    const initial = machine.root.initial?.target?.[0]
    if (initial) {
      out.push('  "__initial" [shape=point, width=0.15, fillcolor="#202124", label=""];')
      out.push(`  "__initial" -> ${isCompound(initial) ? `${anchorOf(initial)} [lhead=${JSON.stringify(`cluster_${initial.id}`)}]` : dotId(initial)};`)
    }
    for (const child of Object.values(machine.root.states)) emit(child, '  ')
  }
  for (const edge of edgesOf(machine, start)) {
    const from = isCompound(edge.source) ? anchorOf(edge.source) : dotId(edge.source)
    const to = isCompound(edge.target) ? anchorOf(edge.target) : dotId(edge.target)
    const attrs = [`label=${dotText(wrap(edge.internal ? `${edge.label} (no state change)` : edge.label, 30))}`]
    if (isCompound(edge.source)) attrs.push(`ltail=${JSON.stringify(`cluster_${edge.source.id}`)}`)
    if (isCompound(edge.target) && edge.target !== edge.source) attrs.push(`lhead=${JSON.stringify(`cluster_${edge.target.id}`)}`)
    if (edge.internal) attrs.push('style=dashed')
    out.push(`  ${from} -> ${to} [${attrs.join(', ')}];`)
  }
  out.push('}')
  return `${out.join('\n')}\n`
}

let vizInstance: Promise<{ renderString: (dot: string, options: { format: string }) => string }> | undefined

export async function renderSvg(dot: string): Promise<string> {
  vizInstance ??= import('@viz-js/viz').then((viz) => viz.instance())
  const viz = await vizInstance
  return viz.renderString(dot, { format: 'svg' })
}

// ---------------------------------------------------------------------------------------------------------
// Markdown pages

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const machineDescription = (machine: AnyStateMachine) => stateDescription(machine.root) ?? ''
/** `otp.open.entry.editing` → `open › entry › editing`: a state's place in plain words. */
const statePlace = (id: string) => id.split('.').slice(1).join(' › ') || id

function targetsText(targets: string[]): string {
  return targets.length ? targets.map((x) => statePlace(x)).join(', ') : '(stays; no state change)'
}

/** The transitions of a machine as a product owner reads them: from, what triggers it, to. */
function transitionRows(machine: AnyStateMachine, start?: AnyMachineSnapshot) {
  return [machine.root, ...allStateNodes(machine)].flatMap((node) =>
    transitionsOf(node).map((t) => ({
      from: node.parent ? statePlace(node.id) : '(anywhere in the flow)',
      trigger: transitionLabel(machine, t, start),
      to: targetsText((t.target ?? []).map((target) => target.id)),
    })),
  )
}

export function toMarkdown(found: FoundMachine): string {
  const { machine, name, file, exportName, start, model } = found
  const inventory = machineInventory(machine)
  const nodes = allStateNodes(machine)
  const delays = Object.keys(machine.implementations.delays).sort()
  const lines = [
    `# ${name} flow`,
    '',
    machineDescription(machine),
    '',
    `Generated by \`npm run diagrams\` from [\`${file}\`](../../${file}) (\`${exportName}\`). Do not edit; change the machine and regenerate.`,
    `QA plan: \`npm run qa:paths ${name}\`. Stately editor: import [${name}.json](${name}.json).`,
    '',
    `![${name} statechart](${name}.svg)`,
    '',
    '```mermaid',
    toMermaid(machine, start).trimEnd(),
    '```',
    '',
    `## States (${inventory.states.length})`,
    '',
    '| state | what the user sees | shows (tags) |',
    '|---|---|---|',
    ...nodes.map(
      (n) =>
        `| ${cell(statePlace(n.id))}${n.type === 'final' ? ' (end)' : ''} | ${cell([stateDescription(n) ?? '', ...subflowsOf(n).map((id) => `Runs the [${id}](${id}.md) flow.`)].join(' ').trim()) || '—'} | ${n.tags.map((t) => `\`${t}\``).join(' ') || '—'} |`,
    ),
    '',
    `## Transitions (${inventory.transitions.length})`,
    '',
    '| from | what happens | to |',
    '|---|---|---|',
    ...transitionRows(machine, start).map((r) => `| ${cell(r.from)} | ${cell(r.trigger)} | ${cell(r.to)} |`),
  ]
  if (delays.length) {
    lines.push('', '## Waits', '', '| name | duration |', '|---|---|')
    for (const d of delays) {
      const ms = delayMs(machine, d, start)
      lines.push(`| \`${d}\` | ${ms === undefined ? 'computed' : formatDuration(ms)} |`)
    }
  }
  if (model?.invariants?.length) {
    lines.push('', '## Invariants', '', 'What holds in every state (checked on every path, pair path and seeded walk of the machine test):', '')
    for (const inv of model.invariants) lines.push(`- ${inv.name}`)
  }
  const equivalent = Object.entries(model?.equivalentMutants ?? {})
  if (equivalent.length) {
    lines.push('', '## Mutants no test can kill', '', '`npm run qa:mutate` mutants that behave like the machine for everything a user or a client notices:', '')
    for (const [mutant, why] of equivalent) lines.push(`- ${plainMutant(mutant)}: ${why}`)
  }
  return `${lines.join('\n')}\n`
}

/** A qa:mutate description without XState's own event names: `after autoRefund`, `refundPayment done`, an assignment. */
const plainMutant = (description: string) =>
  description
    .replace(/xstate\.after\.(\w+)\.[\w.]+/g, 'after $1')
    .replace(/xstate\.(done|error)\.actor\.(\w+)/g, '$2 $1')
    .replace(/`assign`/g, 'an assignment')

/** docs/statecharts/README.md: every flow in words for product owners, with its diagram. */
export function toIndex(found: FoundMachine[]): string {
  const lines = [
    '# Statecharts',
    '',
    'Every flow of the portal and the sandbox with more than two states is a statechart in `machines/`. This page and the',
    'diagrams are generated from them by `npm run diagrams` (a test fails when they are stale), so they say what the code does.',
    'For each flow: what it is for, its diagram, its states in plain words and what moves it from one state to the next.',
    '',
    'Reading a diagram: boxes are states (a box inside a box is a step within a larger state; a dashed box holds parts that',
    'run side by side); arrows are labelled with what makes the flow move (something the user does, an answer of the',
    'server, or time passing); `shows:` lists what the screen displays (`screen.*` a screen, `busy.*` a disabled button or',
    'loader, `alert.*` a message). QA test plans: `npm run qa:paths <flow>`; engineers can watch a flow live with `?inspect`.',
    'Product owners read the same in the portal, in Japanese or English, with a simulator of each flow: `/flows` (docs/flows-pages.md).',
    '',
    ...qaSection,
    '',
    ...mutationSection(),
    '',
    '| flow | purpose | states | transitions | diagram | Stately editor |',
    '|---|---|---|---|---|---|',
    ...found.map((f) => {
      const inv = machineInventory(f.machine)
      return `| [${f.name}](#${f.name}) | ${cell(machineDescription(f.machine))} | ${inv.states.length} | ${inv.transitions.length} | [svg](${f.name}.svg) | [json](${f.name}.json) |`
    }),
  ]
  for (const f of found) {
    lines.push('', `## ${f.name}`, '', machineDescription(f.machine), '', `Diagram: [${f.name}.svg](${f.name}.svg) · details: [${f.name}.md](${f.name}.md)`, '')
    lines.push('States:', '')
    for (const n of allStateNodes(f.machine)) {
      const depth = n.id.split('.').length - 2
      const sub = subflowsOf(n)
        .map((id) => ` Runs the [${id}](#${id}) flow.`)
        .join('')
      lines.push(`${'  '.repeat(depth)}- **${n.key}**${n.type === 'final' ? ' (end)' : ''}: ${stateDescription(n) ?? ''}${sub}`)
    }
    lines.push('', 'What moves the flow:', '')
    for (const r of transitionRows(f.machine, f.start)) lines.push(`- ${r.from} → ${r.to}: ${r.trigger}`)
  }
  return `${lines.join('\n')}\n`
}

/** Every file of docs/statecharts, by file name. */
export async function generateStatecharts(root = process.cwd()): Promise<Map<string, string>> {
  const found = await discoverMachines(root)
  const files = new Map<string, string>()
  for (const f of found) {
    files.set(`${f.name}.md`, toMarkdown(f))
    files.set(`${f.name}.svg`, await renderSvg(toDot(f.machine, f.start)))
    files.set(`${f.name}.json`, toStatelyJson(f.machine, f.start))
  }
  files.set('README.md', toIndex(found))
  return files
}

/** The files `npm run diagrams` owns in docs/statecharts. */
export const generatedFilePattern = /\.(md|svg|json)$/

export const statechartsDir = (root = process.cwd()) => join(root, 'docs', 'statecharts')
