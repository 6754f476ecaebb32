import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { Button } from '@/web/ui/button.tsx'
import { Label } from '@/web/ui/label.tsx'
import type { StudioFinding } from '../api.ts'
import type { BridgeLogEntry } from '../bridge/host.ts'

/** The inspector (every bridge call, answer and event with its data and time, exportable as JSON) and the validator's findings. */

export function inspectorJson(appId: string, entries: readonly BridgeLogEntry[]): string {
  return JSON.stringify({ appId, exportedAt: new Date().toISOString(), entries }, null, 2)
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

const show = (value: unknown) => (value === undefined ? '' : JSON.stringify(value))

export function Inspector({ appId, entries, onClear }: { appId: string; entries: readonly BridgeLogEntry[]; onClear: () => void }) {
  const { t } = useLingui()
  const id = useId()
  return (
    <section className="studio-panel studio-inspector" aria-labelledby={`${id}-title`}>
      <div className="studio-panel__head">
        <h2 id={`${id}-title`} className="studio-panel__title">
          <Trans>Inspector</Trans>
        </h2>
        <Button
          variant="secondary"
          size="small"
          disabled={!entries.length}
          onClick={() => download(`paylab-miniapp-${appId}-bridge.json`, inspectorJson(appId, entries))}
        >
          <Trans>Export JSON</Trans>
        </Button>
        <Button variant="ghost" size="small" disabled={!entries.length} onClick={onClear}>
          <Trans>Clear</Trans>
        </Button>
      </div>
      {entries.length === 0 ? (
        <p className="studio-panel__empty">
          <Trans>Every bridge call of the app, its answer and every event appear here.</Trans>
        </p>
      ) : (
        // the list scrolls: it takes the focus so that a keyboard can scroll it
        <ol className="studio-inspector__list" aria-label={t`Bridge calls`} data-testid="inspector-list" tabIndex={0}>
          {entries.map((entry, index) => (
            <li key={index} className={`studio-log studio-log--${entry.direction}${entry.error ? ' studio-log--error' : ''}`}>
              <span className="studio-log__time">{entry.at.slice(11, 23)}</span>
              <span className="studio-log__dir">{entry.direction === 'call' ? '→' : entry.direction === 'answer' ? '←' : '⚡'}</span>
              <code className="studio-log__name">{entry.name}</code>
              {entry.ms !== undefined && <span className="studio-log__ms">{entry.ms} ms</span>}
              {entry.error ? (
                <code className="studio-log__data studio-log__data--error">{`${entry.error.errorCode}: ${entry.error.errorMessage}`}</code>
              ) : (
                <code className="studio-log__data">{show(entry.direction === 'answer' ? entry.result : entry.params)}</code>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

export function Findings({ findings, checked }: { findings: readonly StudioFinding[]; checked: boolean }) {
  const { t } = useLingui()
  const id = useId()
  const errors = findings.filter((f) => f.severity === 'error').length
  return (
    <section className="studio-panel studio-findings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="studio-panel__title">
        <Trans>Validator findings</Trans>
      </h2>
      {!checked ? (
        <p className="studio-panel__empty">
          <Trans>Load an app to check it.</Trans>
        </p>
      ) : findings.length === 0 ? (
        <p className="studio-panel__empty" role="status">
          <Trans>No findings: the app passes every check.</Trans>
        </p>
      ) : (
        <>
          <p role="status">
            <Trans>
              {errors} errors, {findings.length - errors} warnings
            </Trans>
          </p>
          <ul className="studio-findings__list" aria-label={t`Findings`}>
            {findings.map((f, index) => (
              <li key={index} className="studio-finding" data-severity={f.severity}>
                <Label tone={f.severity === 'error' ? 'danger' : 'warning'}>{f.severity === 'error' ? t`Error` : t`Warning`}</Label>{' '}
                <code className="studio-finding__path">{f.path}</code> <span className="studio-finding__rule">{f.rule}</span>
                <p className="studio-finding__message">{f.message}</p>
                {f.fix && <p className="studio-finding__fix">{f.fix}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
