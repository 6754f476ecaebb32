// The machine's definition as plain JSON for the Stately editor (docs/statecharts/<machine>.json), written by
// `npm run diagrams` through scripts/statechart.ts.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { delayMs, transitionDescription } from '../statechart-model.ts'

/** A state's description, if any. */
const stateDescription = (node: AnyStateNode): string | undefined => (typeof node.description === 'string' && node.description ? node.description : undefined)

type JsonTransition = { target?: string[]; guard?: string; description?: string; reenter?: boolean }

/**
 * The machine's definition as plain JSON for the Stately editor (Import → paste as `createMachine(<json>)`): states,
 * descriptions, tags, events with targets, guards by name, waits in milliseconds, invoked actors with their
 * done/error transitions. Implementations (actions, guard code, requests) stay in the code.
 */
export function toStatelyJson(machine: AnyStateMachine, start?: AnyMachineSnapshot): string {
  const transitionJson = (t: AnyTransitionDefinition): JsonTransition => {
    const guard: unknown = t.guard
    const name = typeof guard === 'string' ? guard : guard && typeof guard === 'object' && 'type' in guard ? String(guard.type) : undefined
    const description = transitionDescription(t)
    return {
      ...(t.target?.length ? { target: t.target.map((x) => `#${x.id}`) } : {}),
      ...(name ? { guard: name } : {}),
      ...(t.reenter && t.target?.length ? { reenter: true } : {}),
      ...(description ? { description } : {}),
    }
  }
  const nodeJson = (node: AnyStateNode): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    if (!node.parent) out.id = node.id
    if (node.type === 'parallel' || node.type === 'final') out.type = node.type
    const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined
    if (initial) out.initial = initial.key
    const description = stateDescription(node)
    if (description) out.description = description
    if (node.tags.length) out.tags = [...node.tags]
    const on: Record<string, JsonTransition[]> = {}
    const after: Record<string, JsonTransition[]> = {}
    const invokeIds = new Set(node.invoke.map((inv) => inv.id))
    const done: Record<string, JsonTransition[]> = {}
    const error: Record<string, JsonTransition[]> = {}
    for (const [eventType, list] of node.transitions) {
      const delay = /^xstate\.after\.([^.]+)\./.exec(eventType)?.[1]
      const doneOf = /^xstate\.done\.actor\.(.+)$/.exec(eventType)?.[1]
      const errorOf = /^xstate\.error\.actor\.(.+)$/.exec(eventType)?.[1]
      if (delay) after[String(delayMs(machine, delay, start) ?? delay)] = list.map(transitionJson)
      else if (doneOf && invokeIds.has(doneOf)) done[doneOf] = list.map(transitionJson)
      else if (errorOf && invokeIds.has(errorOf)) error[errorOf] = list.map(transitionJson)
      else on[eventType] = list.map(transitionJson)
    }
    if (node.invoke.length)
      out.invoke = node.invoke.map((inv) => ({
        id: inv.id,
        src: typeof inv.src === 'string' ? inv.src : inv.id,
        ...(done[inv.id] ? { onDone: done[inv.id] } : {}),
        ...(error[inv.id] ? { onError: error[inv.id] } : {}),
      }))
    if (Object.keys(on).length) out.on = on
    if (Object.keys(after).length) out.after = after
    if (node.always?.length) out.always = node.always.map(transitionJson)
    const children = Object.values(node.states)
    if (children.length) out.states = Object.fromEntries(children.map((child) => [child.key, nodeJson(child)]))
    return out
  }
  return `${JSON.stringify(nodeJson(machine.root), null, 2)}\n`
}
