import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { useState } from 'react'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { flowText } from '../flow-text.ts'
import { flowNameOf, type FlowState, type FlowTransition } from '../flow-data.ts'
import type { FlowPageData } from '../registry.ts'
import { Simulator } from './simulator.tsx'
import '../flows.css'

/** A flow's page for product owners: diagram, simulator, states and transitions in the page's language. */
export function FlowPageView({ page }: { page: FlowPageData }) {
  const { i18n } = useLingui()
  const [active, setActive] = useState<readonly string[]>([])
  const places = new Map(page.states.map((s) => [s.id, s.place]))
  return (
    <>
      <p className="flow-page__back">
        <InternalLink href="/flows">
          <Trans>All flows</Trans>
        </InternalLink>
      </p>
      <section className="flow-page__section" aria-labelledby="flow-diagram">
        <h2 id="flow-diagram" className="flow-page__heading">
          <Trans>Diagram</Trans>
        </h2>
        {page.diagramUrl ? (
          <>
            {/* it scrolls inside its box: reachable by keyboard (axe scrollable-region-focusable) */}
            <div className="flow-page__diagram" tabIndex={0} role="region" aria-labelledby="flow-diagram">
              <img src={page.diagramUrl} alt={i18n._(diagramAlt(page.name))} loading="lazy" />
            </div>
            <p className="flow-page__note">
              <Trans>
                Boxes are states, arrows what moves the flow. The diagram is generated from the machine with its English labels;{' '}
                <a href={page.diagramUrl}>open it full size</a>.
              </Trans>
            </p>
          </>
        ) : (
          <p className="flow-page__note">
            <Trans>The diagram has not been generated yet (npm run diagrams).</Trans>
          </p>
        )}
      </section>
      <Simulator page={page} onActive={setActive} />
      <section className="flow-page__section" aria-labelledby="flow-states">
        <h2 id="flow-states" className="flow-page__heading">
          <Trans>States ({page.states.length})</Trans>
        </h2>
        <ul className="flow-states">
          {page.states.map((state) => (
            <StateItem key={state.id} state={state} active={active.includes(state.id)} i18n={i18n} />
          ))}
        </ul>
      </section>
      <section className="flow-page__section" aria-labelledby="flow-transitions">
        <h2 id="flow-transitions" className="flow-page__heading">
          <Trans>What moves the flow ({page.transitions.length})</Trans>
        </h2>
        <ul className="flow-transitions">
          {page.transitions.map((transition, index) => (
            <TransitionItem key={index} transition={transition} place={(id) => places.get(id)} i18n={i18n} />
          ))}
        </ul>
      </section>
    </>
  )
}

/** The flow's purpose (the machine's description) in the page's language: the page's lead sentence. */
FlowPageView.Lead = function FlowLead({ page }: { page: FlowPageData }) {
  const { i18n } = useLingui()
  return <>{flowText(i18n, page.purpose)}</>
}

const diagramAlt = (name: string) => msg`Statechart of the ${name} flow`

function StateItem({ state, active, i18n }: { state: FlowState; active: boolean; i18n: I18n }) {
  return (
    <li
      className={`flow-states__item${active ? ' flow-states__item--active' : ''}`}
      style={{ marginInlineStart: `${state.depth * 16}px` }}
      data-state-id={state.id}
      aria-current={active ? 'step' : undefined}
    >
      <span className="flow-states__name">
        {state.place}
        {state.final && (
          <>
            {' '}
            <Trans>(end)</Trans>
          </>
        )}
        {active && (
          <>
            {' '}
            <strong className="flow-states__now">
              <Trans>now</Trans>
            </strong>
          </>
        )}
      </span>
      <span className="flow-states__description">{flowText(i18n, state.description)}</span>
      {state.subflows.map((id) => (
        <span key={id} className="flow-states__subflow">
          <InternalLink href={`/flows/${flowNameOf(id)}`}>
            <Trans>Runs the {id} flow</Trans>
          </InternalLink>
        </span>
      ))}
    </li>
  )
}

export function waitText(i18n: I18n, ms: number): string {
  if (ms % 60_000 === 0 && ms >= 120_000) {
    const minutes = ms / 60_000
    return i18n._(msg`after ${minutes} min`)
  }
  if (ms % 1000 === 0 && ms >= 1000) {
    const seconds = ms / 1000
    return i18n._(msg`after ${seconds} s`)
  }
  return i18n._(msg`after ${ms} ms`)
}

function TransitionItem({ transition, place, i18n }: { transition: FlowTransition; place: (id: string) => string | undefined; i18n: I18n }) {
  const from = place(transition.source)
  const to = transition.targets.map((id) => place(id) ?? id).join(', ')
  return (
    <li className="flow-transitions__item" data-event={transition.eventType}>
      <span className="flow-transitions__from">{from ?? <Trans>Anywhere in the flow</Trans>}</span>
      <span className="flow-transitions__what">
        {flowText(i18n, transition.description)}
        {transition.delayMs !== undefined && ` (${waitText(i18n, transition.delayMs)})`}
      </span>
      <span className="flow-transitions__to">{to ? <>→ {to}</> : <Trans>stays (no state change)</Trans>}</span>
    </li>
  )
}
