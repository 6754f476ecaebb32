import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/** A rule shown twice, drawn live: the right way and the way to avoid, each with one line saying why. */
export function DoDont({ good, goodText, bad, badText }: { good: ReactNode; goodText: ReactNode; bad: ReactNode; badText: ReactNode }) {
  return (
    <div className="sg-dodont">
      <figure className="sg-dodont__item sg-dodont__item--do">
        <div className="sg-dodont__stage">{good}</div>
        <figcaption>
          <strong className="sg-dodont__verdict">
            <Trans>Do</Trans>
          </strong>{' '}
          {goodText}
        </figcaption>
      </figure>
      <figure className="sg-dodont__item sg-dodont__item--dont">
        <div className="sg-dodont__stage" aria-hidden="true" inert>
          {bad}
        </div>
        <figcaption>
          <strong className="sg-dodont__verdict">
            <Trans>Don't</Trans>
          </strong>{' '}
          {badText}
        </figcaption>
      </figure>
    </div>
  )
}
