import { assign, fromPromise, setup } from 'xstate'
import { labEndpointsOf, labGroupOf, labScopesOf, defaultScenario, type LabEndpointId, type LabGroup, type ScenarioId } from '../src/domain/lab.ts'
import { creatorFor, emptyItem, itemAfter, planRun, type ActiveItem, type DemoRequest, type PanelCallPlan } from '../src/domain/lab-panel.ts'
import type { ProductModel } from '../src/domain/products.ts'

/**
 * The payment lab's test panel (spec §4 test panel scenarios, §3 test panel state, §7 demo API): one product model's
 * tab. Run sends the selected endpoint through the demo API with the key the WIT/WOT rule picks for the scenario and
 * the authorization flag (`planRun`, domain/lab-panel.ts over domain/lab.ts). When the endpoint needs an id the
 * active item lacks, the panel first calls the endpoint that creates one (with the developer's own key); if that
 * yields no id it sends the empty id, so the server's error shows. Every answer — status, body, timing — is kept for
 * the panel to show. docs/dashboard.md.
 */

export interface DemoCallInput {
  plan: PanelCallPlan
  /** 'create' when this call only obtains the id the target needs. */
  purpose: 'create' | 'send'
  item: ActiveItem
  userAuthorizationId: string
}

/** One call as the panel shows it (request, response, status, timing). */
export interface DemoCallRecord {
  purpose: 'create' | 'send'
  key: PanelCallPlan['key']
  request: DemoRequest & { url: string; headers: Record<string, string>; bodyText: string | null }
  status: number
  /** The parsed JSON answer, or null when it was not JSON. */
  answer: unknown
  text: string
  ms: number
}

export interface TestPanelInput {
  model: ProductModel
  /** The merchant's product models (spec §4: the panel's product scopes derive from them). */
  selectedModels: readonly ProductModel[]
  endpointId?: LabEndpointId
  scenario?: ScenarioId
  /** The linked test user's authorization id (the lab's "Link a test user"), if any. */
  userAuthorizationId?: string
}

interface TestPanelContext {
  model: ProductModel
  group: LabGroup
  scopes: LabGroup[]
  endpointId: LabEndpointId
  scenario: ScenarioId
  /** Spec §3 active item (its `isAuthorzation` is the authorization flag of the WIT/WOT rule). */
  item: ActiveItem
  userAuthorizationId: string
  plan: PanelCallPlan | null
  calls: DemoCallRecord[]
  /** A call that got no answer at all (network, timeout): its message. */
  failure: string | null
}

export type TestPanelEvent =
  | { type: 'panel.endpoint'; endpointId: LabEndpointId }
  | { type: 'panel.scenario'; scenario: ScenarioId }
  | { type: 'panel.authorize'; value: boolean }
  | { type: 'panel.user'; userAuthorizationId: string }
  | { type: 'panel.reset' }
  | { type: 'panel.run' }

const planOf = (context: TestPanelContext) => planRun(context.model, context.endpointId, context.scenario, context.item.isAuthorzation)

const callInput =
  (purpose: 'create' | 'send') =>
  ({ context }: { context: TestPanelContext }): DemoCallInput => {
    const plan = context.plan!
    const creator = purpose === 'create' ? creatorFor(context.model, plan, context.item) : null
    return {
      plan: creator ? { endpointId: creator, key: 'WIT', emptyId: false } : plan,
      purpose,
      item: context.item,
      userAuthorizationId: context.userAuthorizationId,
    }
  }

export const testPanelMachine = setup({
  types: { context: {} as TestPanelContext, events: {} as TestPanelEvent, input: {} as TestPanelInput },
  actors: {
    /** Signs (own key or the WOT demo key) and sends one demo API call; resolves with the record, rejects only without an answer. */
    callDemo: fromPromise<DemoCallRecord, DemoCallInput>(async () => {
      throw new Error('callDemo is provided by the portal')
    }),
  },
  actions: {
    plan: assign({
      plan: ({ context }) => planOf(context),
      calls: () => [],
      failure: () => null,
    }),
    record: assign(({ context }, params: { record: DemoCallRecord }) => ({
      calls: [...context.calls, params.record],
      item: itemAfter(context.item, params.record.request, params.record.status, params.record.answer),
    })),
    fail: assign({ failure: (_, params: { error: unknown }) => (params.error instanceof Error ? params.error.message : String(params.error)) }),
  },
  guards: {
    needsId: ({ context }) => creatorFor(context.model, planOf(context), context.item) !== null,
  },
}).createMachine({
  id: 'testPanel',
  description:
    'The payment lab test panel: pick an endpoint and a scenario, press Run. A missing id is created first (with your own key); the call then goes out with your key (WIT) or the unauthorised demo key (WOT) and its request, answer, status and timing are shown.',
  context: ({ input }) => {
    const endpoints = labEndpointsOf[input.model]
    return {
      model: input.model,
      group: labGroupOf[input.model],
      scopes: labScopesOf(input.selectedModels),
      endpointId: input.endpointId && endpoints.includes(input.endpointId) ? input.endpointId : endpoints[0]!,
      scenario: input.scenario ?? defaultScenario,
      item: emptyItem,
      userAuthorizationId: input.userAuthorizationId ?? '',
      plan: null,
      calls: [],
      failure: null,
    }
  },
  initial: 'ready',
  states: {
    ready: {
      description: "The endpoint, scenario and active item; the last run's calls below.",
      tags: ['screen.panel'],
      on: {
        'panel.endpoint': { actions: assign({ endpointId: ({ event }) => event.endpointId }), description: 'The developer picks another endpoint' },
        'panel.scenario': { actions: assign({ scenario: ({ event }) => event.scenario }), description: 'The developer picks a scenario (model1…model4)' },
        'panel.authorize': {
          actions: assign({ item: ({ context, event }) => ({ ...context.item, isAuthorzation: event.value }) }),
          description: 'The developer sets the authorization flag',
        },
        'panel.user': {
          actions: assign({ userAuthorizationId: ({ event }) => event.userAuthorizationId.trim() }),
          description: 'The developer enters a user authorization id',
        },
        'panel.reset': {
          actions: assign({ item: ({ context }) => ({ ...emptyItem, isAuthorzation: context.item.isAuthorzation }), calls: () => [], failure: () => null }),
          description: 'The developer clears the active item',
        },
        'panel.run': [
          { guard: 'needsId', target: 'creating', actions: 'plan', description: 'Run; the endpoint needs an id the item lacks' },
          { target: 'sending', actions: 'plan', description: 'Run' },
        ],
      },
    },
    creating: {
      description: 'Creating the payment, order or code that yields the missing id (your own key).',
      tags: ['screen.panel', 'busy.creating'],
      invoke: {
        id: 'create',
        src: 'callDemo',
        input: callInput('create'),
        onDone: {
          target: 'sending',
          actions: { type: 'record', params: ({ event }) => ({ record: event.output }) },
          description: 'The creator answers (with an id, or an error: the id stays empty)',
        },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) }, description: 'No answer (network, timeout)' },
      },
    },
    sending: {
      description: "Sending the endpoint with the scenario's key.",
      tags: ['screen.panel', 'busy.sending'],
      invoke: {
        id: 'send',
        src: 'callDemo',
        input: callInput('send'),
        onDone: {
          target: 'ready',
          actions: { type: 'record', params: ({ event }) => ({ record: event.output }) },
          description: 'The server answers (any status)',
        },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) }, description: 'No answer (network, timeout)' },
      },
    },
  },
})
