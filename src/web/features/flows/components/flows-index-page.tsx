import { Trans, useLingui } from '@lingui/react/macro'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { flowText } from '../flow-text.ts'
import type { FlowSummary } from '../registry.ts'
import '../flows.css'

export const FlowsIndexTitle = () => <Trans>Flows</Trans>

export const FlowsIndexLead = () => (
  <Trans>
    Every flow of the portal and the sandbox with more than two steps is a statechart in the code. These pages are generated from those machines: what each flow
    is for, its diagram, its steps in plain words, and a simulator that runs the flow itself.
  </Trans>
)

/** /flows: every flow with its purpose and size, each linking to its page. */
export function FlowsIndexPage({ flows }: { flows: readonly FlowSummary[] }) {
  const { i18n, t } = useLingui()
  return (
    <>
      <ul className="flows-index" aria-label={t`All flows`}>
        {flows.map((flow) => (
          <li key={flow.name} className="flows-index__item" data-flow={flow.name}>
            <h2 className="flows-index__name">
              <InternalLink href={`/flows/${flow.name}`}>{flow.name}</InternalLink>
            </h2>
            <p className="flows-index__purpose">{flowText(i18n, flow.purpose)}</p>
            <p className="flows-index__size">
              <Trans>
                {flow.states} states · {flow.transitions} transitions
              </Trans>
            </p>
          </li>
        ))}
      </ul>
    </>
  )
}
