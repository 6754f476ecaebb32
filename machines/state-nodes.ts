import type { AnyStateMachine, AnyStateNode } from 'xstate'

/**
 * Every state node of a machine below its root, in definition order (parents before their children): what the
 * diagrams, QA plans and mutants walk (scripts/statechart-model.ts) and what the flows pages list
 * (src/web/features/flows/flow-data.ts).
 */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = []
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states)) {
      nodes.push(child)
      visit(child)
    }
  }
  visit(machine.root)
  return nodes
}
