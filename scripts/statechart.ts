// Machine → diagrams: Mermaid `stateDiagram-v2` (docs/statecharts/<machine>.md) and Graphviz DOT rendered to
// SVG offline with @viz-js/viz (docs/statecharts/<machine>.svg), plus an index. Output is deterministic: it
// follows the machine's definition order and nothing else. Used by scripts/diagrams.ts and the staleness test.
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { actionName, allStateNodes, delayMs, eventLabel, formatDuration, guardName, machineInventory } from './statechart-model.ts'

export interface FoundMachine {
  /** `session` for machines/session.machine.ts */
  name: string
  file: string
  exportName: string
  machine: AnyStateMachine
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
    found.push({ name: file.replace(/\.machine\.ts$/, ''), file: relative(root, join(dir, file)), exportName, machine })
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

function transitionLabel(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  const guard = guardName(t)
  const actions = (t.actions ?? []).map(actionName)
  return `${eventLabel(machine, t.eventType)}${guard ? ` [${guard}]` : ''}${actions.length ? ` / ${actions.join(', ')}` : ''}`
}

function edgesOf(machine: AnyStateMachine): Edge[] {
  const edges: Edge[] = []
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    for (const t of transitionsOf(node)) {
      const label = transitionLabel(machine, t)
      const targets: AnyStateNode[] = t.target?.length ? [...t.target] : [node]
      for (const target of targets) edges.push({ source: node, target, label, internal: !t.target?.length })
    }
  }
  return edges
}

function invokesOf(node: AnyStateNode): string[] {
  return node.invoke.map((inv) => {
    const src = typeof inv.src === 'string' ? inv.src : inv.id
    return inv.id === src ? `invoke ${src}` : `invoke ${src} as ${inv.id}`
  })
}

/** invoke / entry / exit lines shown inside a state. */
function stateNotes(node: AnyStateNode): string[] {
  const entry = node.entry.map(actionName)
  const exit = node.exit.map(actionName)
  return [
    ...invokesOf(node),
    ...(entry.length ? [`entry / ${entry.join(', ')}`] : []),
    ...(exit.length ? [`exit / ${exit.join(', ')}`] : []),
    ...(node.tags.length ? [`tags: ${node.tags.join(', ')}`] : []),
  ]
}

function hasOwnTransitions(node: AnyStateNode) {
  return transitionsOf(node).length > 0
}

// ---------------------------------------------------------------------------------------------------------
// Mermaid

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_')
const mermaidText = (text: string) => text.replace(/[;#]/g, ',').replace(/:\s*/g, ' ')

export function toMermaid(machine: AnyStateMachine): string {
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
  for (const edge of edgesOf(machine)) {
    const label = edge.internal ? `${edge.label} (no state change)` : edge.label
    lines.push(`  ${mermaidId(edge.source)} --> ${mermaidId(edge.target)} : ${mermaidText(label)}`)
  }
  return `${lines.join('\n')}\n`
}

// ---------------------------------------------------------------------------------------------------------
// Graphviz

const dotId = (node: AnyStateNode) => JSON.stringify(node.id)
const dotText = (text: string) => JSON.stringify(text)
const isCompound = (node: AnyStateNode) => Object.keys(node.states).length > 0
const anchorOf = (node: AnyStateNode) => JSON.stringify(`${node.id}.__anchor`)

export function toDot(machine: AnyStateMachine): string {
  const out = [
    `digraph ${JSON.stringify(machine.id)} {`,
    '  compound=true; rankdir=LR; fontname="Helvetica"; fontsize=11;',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", color="#5f6368", fontname="Helvetica", fontsize=11];',
    '  edge [color="#5f6368", fontname="Helvetica", fontsize=10];',
  ]
  const labelOf = (node: AnyStateNode) => [node.parent ? node.key : node.id, ...stateNotes(node)].join('\n')
  const emit = (node: AnyStateNode, indent: string) => {
    if (isCompound(node)) {
      out.push(`${indent}subgraph ${JSON.stringify(`cluster_${node.id}`)} {`)
      out.push(`${indent}  label=${dotText(labelOf(node))}; style="rounded${node.type === 'parallel' ? ',dashed' : ''}"; color="#5f6368";`)
      out.push(`${indent}  ${anchorOf(node)} [shape=point, style=invis, width=0, height=0, label=""];`)
      const initial = node.type === 'parallel' ? undefined : node.initial?.target?.[0]
      if (initial) {
        const start = JSON.stringify(`${node.id}.__initial`)
        out.push(`${indent}  ${start} [shape=point, width=0.12, fillcolor="#202124", label=""];`)
        out.push(`${indent}  ${start} -> ${isCompound(initial) ? anchorOf(initial) : dotId(initial)}${isCompound(initial) ? ` [lhead=${JSON.stringify(`cluster_${initial.id}`)}]` : ''};`)
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
  for (const edge of edgesOf(machine)) {
    const from = isCompound(edge.source) ? anchorOf(edge.source) : dotId(edge.source)
    const to = isCompound(edge.target) ? anchorOf(edge.target) : dotId(edge.target)
    const attrs = [`label=${dotText(edge.internal ? `${edge.label} (no state change)` : edge.label)}`]
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

const cell = (text: string) => text.replace(/\|/g, '\\|')

export function toMarkdown(found: FoundMachine): string {
  const { machine, name, file, exportName } = found
  const inventory = machineInventory(machine)
  const nodes = allStateNodes(machine)
  const delays = Object.keys(machine.implementations.delays).sort()
  const actors = Object.keys(machine.implementations.actors).sort()
  const guards = Object.keys(machine.implementations.guards).sort()
  const lines = [
    `# ${name} machine`,
    '',
    `Generated by \`npm run diagrams\` from [\`${file}\`](../../${file}) (\`${exportName}\`). Do not edit; change the machine and regenerate.`,
    `QA path plan: \`npm run qa:paths ${name}\`.`,
    '',
    '```mermaid',
    toMermaid(machine).trimEnd(),
    '```',
    '',
    `![${name} statechart](${name}.svg)`,
    '',
    `## States (${inventory.states.length})`,
    '',
    '| state | type | notes |',
    '|---|---|---|',
    ...nodes.map((n) => `| \`${cell(n.id)}\` | ${n.type} | ${cell(stateNotes(n).join('; ')) || '—'} |`),
    '',
    `## Transitions (${inventory.transitions.length})`,
    '',
    '| from | event | guard | actions | to |',
    '|---|---|---|---|---|',
    ...inventory.transitions.map(
      (t) =>
        `| \`${cell(t.source)}\` | ${cell(eventLabel(machine, t.eventType))} | ${t.guard ? `\`${cell(t.guard)}\`` : '—'} | ${cell(t.actions.join(', ')) || '—'} | ${t.targets.length ? t.targets.map((x) => `\`${cell(x)}\``).join(', ') : '(no state change)'} |`,
    ),
  ]
  if (delays.length) {
    lines.push('', '## Delays', '', '| name | duration |', '|---|---|')
    for (const d of delays) {
      const ms = delayMs(machine, d)
      lines.push(`| \`${d}\` | ${ms === undefined ? 'computed' : `${formatDuration(ms)} (${ms} ms)`} |`)
    }
  }
  if (actors.length) lines.push('', '## Actors', '', actors.map((a) => `\`${a}\``).join(', '))
  if (guards.length) lines.push('', '## Guards', '', guards.map((g) => `\`${g}\``).join(', '))
  return `${lines.join('\n')}\n`
}

export function toIndex(found: FoundMachine[]): string {
  const lines = [
    '# Statecharts',
    '',
    'Generated by `npm run diagrams` from every `machines/*.machine.ts`; a test fails when these files are stale.',
    'Each page has the Mermaid chart, an SVG rendering and tables of states, transitions, delays and actors.',
    '`npm run qa:paths <machine>` prints the path-coverage test plan for QA.',
    '',
    '| machine | states | transitions | diagram |',
    '|---|---|---|---|',
    ...found.map((f) => {
      const inv = machineInventory(f.machine)
      return `| [${f.name}](${f.name}.md) | ${inv.states.length} | ${inv.transitions.length} | [svg](${f.name}.svg) |`
    }),
  ]
  return `${lines.join('\n')}\n`
}

/** Every file of docs/statecharts, by file name. */
export async function generateStatecharts(root = process.cwd()): Promise<Map<string, string>> {
  const found = await discoverMachines(root)
  const files = new Map<string, string>()
  for (const f of found) {
    files.set(`${f.name}.md`, toMarkdown(f))
    files.set(`${f.name}.svg`, await renderSvg(toDot(f.machine)))
  }
  files.set('README.md', toIndex(found))
  return files
}

export const statechartsDir = (root = process.cwd()) => join(root, 'docs', 'statecharts')
