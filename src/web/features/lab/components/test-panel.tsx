import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { SnapshotFrom } from 'xstate'
import { labEndpointById } from '@/domain/lab.ts'
import { demoRequestFor, planRun, type ActiveItem } from '@/domain/lab-panel.ts'
import { Button, buttonClass } from '@/web/ui/button.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { Checkbox } from '@/web/ui/selection-controls.tsx'
import { TextField } from '@/web/ui/text-field.tsx'
import { typedInput } from '@/web/ui/typed-input.ts'
import type { DemoCallRecord, TestPanelEvent, testPanelMachine } from '@machines/test-panel.machine.ts'
import type { LabEndpointView } from '../api.ts'
import { labGroupList } from '../group-names.ts'
import { curlForRecord, type DemoCredentials } from '../demo-call.ts'
import { amountEditable, applyEdits, checkEdits, noEdits, requestBodySchemaOf, type RequestEdits } from '../request-edit.ts'
import { EditIssueText } from './edit-issue-text.tsx'

type Snapshot = SnapshotFrom<typeof testPanelMachine>

const itemFields: (keyof ActiveItem)[] = [
  'merchantPaymentId',
  'userAuthorizationId',
  'requestedAt',
  'amount',
  'currency',
  'orderDescription',
  'isAuthorzation',
  'codesId',
  'merchantRefundId',
  'paymentId',
  'merchantCaptureId',
  'merchantRevertId',
]

/** The test panel of one product tab (spec §4): endpoint, scenario, authorization flag, Run, the active item and every call. */
export function TestPanel({
  snapshot,
  send,
  endpoints,
  credentials,
  link,
  edits = noEdits,
  onEdits = () => {},
}: {
  snapshot: Snapshot
  send: (event: TestPanelEvent) => void
  endpoints: LabEndpointView[]
  credentials: DemoCredentials
  link?: ReactNode
  /** The person's edits of the amount and body (issue 20), checked before Run sends. */
  edits?: RequestEdits
  onEdits?: (edits: RequestEdits) => void
}) {
  const { t, i18n } = useLingui()
  const { context } = snapshot
  const busy = !snapshot.matches('ready')
  const endpoint = endpoints.find((e) => e.id === context.endpointId)
  const scenarios = endpoint?.scenarios ?? []
  const scenarioListed = scenarios.some((s) => s.id === context.scenario)
  // the edits are checked when Run is pressed; from then on their problems follow the typing
  const [checked, setChecked] = useState(false)
  const issues = checked ? checkEdits(context.endpointId, edits) : []
  const amountIssues = issues.filter((i) => i.field === 'amount')
  const bodyIssues = issues.filter((i) => i.field === 'body')
  const editingBody = edits.bodyText !== ''
  const canEditBody = requestBodySchemaOf[context.endpointId] !== undefined
  const bodyField = useRef<HTMLTextAreaElement>(null)
  const amountField = useRef<HTMLInputElement>(null)
  const run = () => {
    const found = checkEdits(context.endpointId, edits)
    setChecked(true)
    if (found.length) {
      ;(found[0]!.field === 'body' ? bodyField : amountField).current?.focus()
      return
    }
    send({ type: 'panel.run' })
  }
  /** The body Run would send now (fresh ids), as editable JSON. */
  const builtBody = () => {
    const plan = planRun(context.model, context.endpointId, context.scenario, context.item.isAuthorzation)
    const request = demoRequestFor(
      context.endpointId,
      {
        item: context.item,
        userAuthorizationId: context.userAuthorizationId,
        newId: () => crypto.randomUUID(),
        now: Math.floor(Date.now() / 1000),
        randomAmount: () => 1000 + Math.floor(Math.random() * 9000),
      },
      plan.emptyId,
      { purpose: 'send', zeroAmount: plan.zeroAmount },
    )
    return JSON.stringify(applyEdits(request, { ...edits, bodyText: '' }).body ?? {}, null, 2)
  }
  // after Run, the answer comes into view (it is below the form, often off screen)
  const results = useRef<HTMLDivElement>(null)
  const wasBusy = useRef(busy)
  useEffect(() => {
    const ran = wasBusy.current && !busy
    wasBusy.current = busy
    if (!ran) return
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
    const last = results.current?.lastElementChild
    last?.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' })
  }, [busy])
  return (
    <section className="lab-panel" aria-labelledby="lab-panel-title">
      <h3 id="lab-panel-title">
        <Trans>Test panel</Trans>
      </h3>
      <p className="lab-panel__scopes">
        <Trans>Product scopes of your merchant:</Trans> {context.scopes.length ? labGroupList(context.scopes, i18n) : '—'}
      </p>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor="lab-endpoint">
          <Trans>Endpoint</Trans>
        </label>
        <select
          id="lab-endpoint"
          className="ui-field__input"
          value={context.endpointId}
          disabled={busy}
          onChange={(e) => {
            onEdits(noEdits)
            setChecked(false)
            send({ type: 'panel.endpoint', endpointId: e.target.value as never })
          }}
        >
          {endpoints.map((e) => (
            <option key={e.id} value={e.id}>
              {e.method} {e.demoPath} — {e.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="lab-panel__scenarios" disabled={busy}>
        <legend>
          <Trans>Scenario</Trans>
        </legend>
        {scenarios.map((s) => (
          <label key={s.id} className="ui-choice">
            <input
              type="radio"
              name="lab-scenario"
              className="ui-choice__input ui-choice__input--radio"
              checked={context.scenario === s.id}
              onChange={() => send({ type: 'panel.scenario', scenario: s.id })}
            />
            <span>
              <strong>{s.id}</strong> {s.title}
            </span>
          </label>
        ))}
        {!scenarioListed && (
          <p className="lab-note">
            <Trans>Scenario {context.scenario} behaves like model1 for this endpoint.</Trans>
          </p>
        )}
      </fieldset>
      <Checkbox
        label={t`Authorization flag (isAuthorization): the authorised key is used even in the unauthorised scenario`}
        checked={context.item.isAuthorzation}
        disabled={busy}
        onChange={(e) => send({ type: 'panel.authorize', value: e.target.checked })}
      />
      {link}
      <TextField
        label={t`User authorization id`}
        hint={
          link
            ? t`Filled when you link a test user (above), or paste one. Left empty, the placeholder 1234567890 is sent and the sandbox answers its error.`
            : t`From linking a test user (user authorization). Left empty, the placeholder 1234567890 is sent and the sandbox answers its error.`
        }
        value={context.userAuthorizationId}
        maxLength={64}
        disabled={busy}
        {...typedInput((userAuthorizationId) => send({ type: 'panel.user', userAuthorizationId }), { trim: true })}
      />
      {amountEditable(context.endpointId) && (
        <TextField
          ref={amountField}
          label={t`Amount (yen)`}
          hint={editingBody ? t`The edited body below carries the amount.` : t`Empty: the panel's own amount. A whole number from 1 to 99,999,999,999.`}
          value={edits.amount}
          inputMode="numeric"
          maxLength={20}
          disabled={busy || editingBody}
          error={amountIssues.length ? amountIssues.map((issue, i) => <EditIssueText key={i} issue={issue} />) : undefined}
          {...typedInput((amount) => onEdits({ ...edits, amount }), { amount: true })}
        />
      )}
      {canEditBody && (
        <div className={`ui-field lab-body${bodyIssues.length ? ' ui-field--error' : ''}`}>
          {editingBody ? (
            <>
              <label className="ui-field__label" htmlFor="lab-body">
                <Trans>Request body (JSON)</Trans>
              </label>
              <textarea
                id="lab-body"
                ref={bodyField}
                className="ui-field__input lab-body__text"
                rows={10}
                spellCheck={false}
                value={edits.bodyText}
                disabled={busy}
                aria-invalid={bodyIssues.length ? true : undefined}
                aria-describedby={bodyIssues.length ? 'lab-body-issues' : 'lab-body-hint'}
                onChange={(e) => onEdits({ ...edits, bodyText: e.target.value })}
              />
              <span id="lab-body-hint" className="ui-field__hint">
                <Trans>
                  Sent as written, checked first against the endpoint's schema. Run again with the same ids and the sandbox answers as it does to a repeated
                  request.
                </Trans>
              </span>
              {bodyIssues.length > 0 && (
                <ul id="lab-body-issues" className="ui-field__error lab-body__issues">
                  {bodyIssues.map((issue, i) => (
                    <li key={i}>
                      <EditIssueText issue={issue} />
                    </li>
                  ))}
                </ul>
              )}
              <Button
                variant="ghost"
                size="small"
                disabled={busy}
                onClick={() => {
                  onEdits({ ...edits, bodyText: '' })
                  setChecked(false)
                }}
              >
                <Trans>Discard the edited body</Trans>
              </Button>
            </>
          ) : (
            <Button
              variant="secondary"
              size="small"
              disabled={busy}
              onClick={() => {
                onEdits({ ...edits, bodyText: builtBody() })
                requestAnimationFrame(() => bodyField.current?.focus())
              }}
            >
              <Trans>Edit the request body</Trans>
            </Button>
          )}
        </div>
      )}
      <div className="lab-panel__actions">
        <Button onClick={run} disabled={busy} aria-busy={busy}>
          {busy ? <Trans>Running…</Trans> : <Trans>Run</Trans>}
        </Button>
        <Button variant="ghost" onClick={() => send({ type: 'panel.reset' })} disabled={busy}>
          <Trans>Clear item</Trans>
        </Button>
      </div>
      <h4>
        <Trans>Active item</Trans>
      </h4>
      <dl className="lab-item">
        {itemFields.map((field) => (
          <div key={field}>
            {/* the item keeps spec §3's spelling; a person reads the published field name */}
            <dt>{field === 'isAuthorzation' ? 'isAuthorization' : field}</dt>
            <dd>{context.item[field] === null ? '—' : String(context.item[field])}</dd>
          </div>
        ))}
      </dl>
      <div aria-live="polite" ref={results} className="lab-results">
        {context.failure && (
          <p role="alert" className="lab-failure">
            <Trans>No answer from the sandbox ({context.failure}). Check your connection and run again.</Trans>
          </p>
        )}
        {context.calls.map((call, i) => (
          <CallView key={i} call={call} credentials={credentials} />
        ))}
      </div>
    </section>
  )
}

function CallView({ call, credentials }: { call: DemoCallRecord; credentials: DemoCredentials }) {
  const { t } = useLingui()
  const [curl, setCurl] = useState<string | null>(null)
  const info = (call.answer as { resultInfo?: { code?: unknown; codeId?: unknown } } | null)?.resultInfo
  const code = typeof info?.code === 'string' ? info.code : null
  const codeId = typeof info?.codeId === 'string' ? info.codeId : null
  const endpoint = labEndpointById(call.request.endpointId)
  const ok = call.status >= 200 && call.status < 300
  const copy = async () => {
    const text = await curlForRecord(call, credentials, window.location.origin)
    setCurl(text)
    void navigator.clipboard?.writeText(text).catch(() => undefined)
  }
  const explain = code
    ? `/develop/resolve?${new URLSearchParams({ api_name: `${endpoint?.method ?? call.request.method} ${endpoint?.sandboxPath ?? call.request.path}`, code, ...(codeId ? { code_id: codeId } : {}) })}`
    : null
  return (
    <article className="lab-call" data-status={call.status} data-purpose={call.purpose}>
      <header className="lab-call__head">
        <span className="lab-call__purpose">{call.purpose === 'create' ? t`Created first` : t`Sent`}</span>
        <code>
          {call.request.method} {call.request.path}
        </code>
        <span className={`ui-label ${ok ? 'ui-label--success' : 'ui-label--danger'}`}>
          {call.status} {code ?? ''}
        </span>
        <span className="lab-call__meta">
          {call.key} · <Trans>{call.ms} ms</Trans>
        </span>
      </header>
      <details>
        <summary>{t`Request`}</summary>
        <pre className="lab-pre">
          {Object.entries(call.request.headers)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n')}
          {call.request.bodyText ? `\n\n${JSON.stringify(JSON.parse(call.request.bodyText), null, 2)}` : ''}
        </pre>
      </details>
      <details open>
        <summary>{t`Response`}</summary>
        <pre className="lab-pre" data-part="response">
          {call.answer === null ? call.text : JSON.stringify(call.answer, null, 2)}
        </pre>
      </details>
      <div className="lab-call__actions">
        <Button variant="secondary" size="small" onClick={() => void copy()}>
          <Trans>Copy as curl</Trans>
        </Button>
        {explain && (
          <InternalLink href={explain} className={buttonClass('ghost', 'small')}>
            <Trans>Explain this code</Trans>
          </InternalLink>
        )}
      </div>
      {curl && (
        <pre className="lab-pre lab-curl" data-part="curl" aria-label={t`curl command (copied)`}>
          {curl}
        </pre>
      )}
    </article>
  )
}
