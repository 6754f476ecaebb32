import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useId, useMemo, useRef, useState } from 'react'
import { demoPanelTypes, demoPanelViews, type DemoAmountAlert, type DemoPanelType, type DemoPanelView } from '@/domain/demo-panel.ts'
import { buttonClass } from '@/web/ui/button.tsx'
import { typedInput } from '@/web/ui/typed-input.ts'
import { PhoneFrame } from '@/web/ui/phone-frame.tsx'
import { QrCanvas } from '@/web/ui/qr-canvas.tsx'
import { demoPanelMachine } from '@machines/demo-panel.machine.ts'
import { demoPanelActors, type PanelCall } from '../api.ts'
import '../demo-panel.css'
import { frameLocation } from '@/web/lib/frame-location.ts'
import { inspectOption } from '@/web/lib/inspect.ts'

/**
 * The phone-mock test panel (spec §2 demo panels; docs/demo-panel.md): the form, the phone showing the test user's
 * wallet at each step, and every call of the demo API with its answer. Driven by machines/demo-panel.machine.ts.
 */

const typeNames: Record<DemoPanelType, MessageDescriptor> = {
  qrCode: msg`QR code`,
  cashback: msg`Cashback`,
  appInvoke: msg`App invoke`,
  autoDebit: msg`Auto debit`,
}
const typeHints: Record<DemoPanelType, MessageDescriptor> = {
  qrCode: msg`The shop creates a dynamic QR code; the phone opens it as if scanned, and the test user pays on the wallet's cashier page.`,
  cashback: msg`The shop gives money back to the demo's linked test user (taro); the phone shows the cashback arriving.`,
  appInvoke: msg`The shop's app creates an order and opens the wallet by its deep link; the test user pays on the wallet's cashier page.`,
  autoDebit: msg`The shop takes the payment from a linked test user's balance, without a confirmation screen.`,
}
/** The order description the wallet's cashier shows for the panel's payment (issue 20: in the UI's language). */
const orderDescriptions: Record<DemoPanelType, MessageDescriptor> = {
  qrCode: msg`PayLab panel: QR code`,
  appInvoke: msg`PayLab panel: app invoke`,
  cashback: msg`PayLab panel: cashback`,
  autoDebit: msg`PayLab panel: auto debit`,
}

const viewNames: Record<DemoPanelView, MessageDescriptor> = {
  native: msg`Native payment (linked test user)`,
  directDebit: msg`Direct debit (link on the consent page first)`,
}
const amountAlerts: Record<DemoAmountAlert, MessageDescriptor> = {
  AMOUNT_TOO_HIGH: msg`Please DO NOT enter a value higher than 100.`,
  AMOUNT_TOO_LOW: msg`Please DO NOT enter a value lower than 0.`,
  AMOUNT_NOT_INTEGER: msg`Enter a whole number of yen from 0 to 100.`,
}
const problems: Record<string, MessageDescriptor> = {
  TIMED_OUT: msg`Timed out. Please regenerate again`,
  GAVE_UP: msg`Unknown error occurred. Please try again.`,
  RESPONSE_TOKEN_MISSING: msg`Couldn't get response token. Will start over again.`,
  NO_ANSWER: msg`The server did not answer in time. Please try again.`,
  UNEXPECTED_ANSWER: msg`The answer was not what the panel expected; it is in the list of calls.`,
}

export function DemoPanel({ initialType, initialView }: { initialType: DemoPanelType; initialView: DemoPanelView }) {
  const { t, i18n } = useLingui()
  const baseId = useId()
  const [calls, setCalls] = useState<PanelCall[]>([])
  const machine = useMemo(
    () =>
      demoPanelMachine.provide({
        actors: demoPanelActors(
          (call) => setCalls((list) => [call, ...list].slice(0, 40)),
          (type) => i18n._(orderDescriptions[type]),
        ),
      }),
    [],
  )
  const [state, send] = useMachine(machine, { input: { paymentType: initialType, view: initialView }, inspect: inspectOption() })
  const { paymentType, view, amountText, amount, amountAlert, url, problem } = state.context
  const idle = state.matches('idle')
  const busy = state.hasTag('busy.run') || state.hasTag('busy.cancel') || state.hasTag('busy.refund')
  const alertId = `${baseId}-amount-alert`
  const phone = [...state.tags].find((tag) => tag.startsWith('phone.')) ?? 'phone.home'

  return (
    <div className="demo-panel" data-testid="demo-panel" data-state={JSON.stringify(state.value)}>
      <section className="demo-panel__controls" aria-label={t`Test panel`}>
        <fieldset className="demo-panel__choices" disabled={!idle}>
          <legend>{t`Payment type`}</legend>
          {demoPanelTypes.map((type) => (
            <label key={type} className="demo-panel__choice">
              <input
                type="radio"
                name={`${baseId}-type`}
                value={type}
                checked={paymentType === type}
                onChange={() => send({ type: 'panel.type', paymentType: type })}
              />
              {i18n._(typeNames[type])}
            </label>
          ))}
        </fieldset>
        <p className="demo-panel__hint">{i18n._(typeHints[paymentType])}</p>
        {paymentType === 'autoDebit' && (
          <fieldset className="demo-panel__choices" disabled={!idle}>
            <legend>{t`View`}</legend>
            {demoPanelViews.map((v) => (
              <label key={v} className="demo-panel__choice">
                <input type="radio" name={`${baseId}-view`} value={v} checked={view === v} onChange={() => send({ type: 'panel.view', view: v })} />
                {i18n._(viewNames[v])}
              </label>
            ))}
          </fieldset>
        )}
        <div className="demo-panel__amount">
          <label htmlFor={`${baseId}-amount`}>{t`Amount (yen, 0 to 100)`}</label>
          <input
            id={`${baseId}-amount`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={amountText}
            disabled={!idle}
            aria-invalid={amountAlert !== null}
            aria-describedby={amountAlert ? alertId : undefined}
            {...typedInput((text) => send({ type: 'panel.amount', text }), { amount: true })}
          />
          {amountAlert && (
            <p id={alertId} className="demo-panel__alert demo-panel__alert--error" role="alert" data-alert={amountAlert}>
              <strong>{t`Error`}</strong> {i18n._(amountAlerts[amountAlert])}
            </p>
          )}
        </div>
        <p className="demo-panel__actions">
          {idle && (
            <button type="button" className={buttonClass('primary')} disabled={amount === null} onClick={() => send({ type: 'panel.run' })}>
              <Trans>Run</Trans>
            </button>
          )}
          {(state.matches('waiting') || state.matches('consenting')) && (
            <button type="button" className={buttonClass('secondary')} onClick={() => send({ type: 'panel.cancel' })}>
              <Trans>Cancel</Trans>
            </button>
          )}
          {state.matches('completed') && paymentType !== 'cashback' && (
            <button type="button" className={buttonClass('secondary')} onClick={() => send({ type: 'panel.refund' })}>
              <Trans>Refund</Trans>
            </button>
          )}
          {(state.matches('completed') || state.matches('refunded') || state.matches('failed')) && (
            <button type="button" className={buttonClass('primary')} onClick={() => send({ type: 'panel.reset' })}>
              <Trans>New payment</Trans>
            </button>
          )}
          {busy && (
            <span className="demo-panel__busy" role="status">
              {state.hasTag('busy.cancel') ? t`Cancelling…` : state.hasTag('busy.refund') ? t`Refunding…` : t`Calling the demo API…`}
            </span>
          )}
        </p>
        <Outcome state={state.value as string} paymentType={paymentType} problem={problem} url={url} />
      </section>
      <Phone
        screen={phone}
        url={url}
        paymentType={paymentType}
        amount={amount ?? 0}
        problem={problem}
        phoneNumber={state.context.payer?.phoneNumber ?? null}
        onNavigated={(location) => send({ type: 'frame.navigated', location })}
      />
      <CallList calls={calls} />
    </div>
  )
}

/** What the panel says about the run so far. */
function Outcome({ state, paymentType, problem, url }: { state: string; paymentType: DemoPanelType; problem: string | null; url: string | null }) {
  const { t, i18n } = useLingui()
  if (state === 'waiting' && url) {
    return (
      <div className="demo-panel__outcome" data-outcome="waiting">
        {paymentType === 'qrCode' && <QrCanvas url={url} size={200} />}
        <p aria-live="polite">
          <Trans>Waiting for the test user to pay on the phone… (checked every 3 seconds for up to 5 minutes)</Trans>
        </p>
      </div>
    )
  }
  if (state === 'consenting') {
    return (
      <p className="demo-panel__outcome" data-outcome="consenting">
        <Trans>On the phone, sign in as a test user and agree, so that the shop may debit the balance.</Trans>
      </p>
    )
  }
  if (state === 'completed') {
    return (
      <p className="demo-panel__outcome demo-panel__alert demo-panel__alert--success" role="status" data-outcome="completed">
        {paymentType === 'cashback' ? t`Cashback given.` : t`Payment status: COMPLETED`}
      </p>
    )
  }
  if (state === 'refunded') {
    return (
      <p className="demo-panel__outcome demo-panel__alert demo-panel__alert--success" role="status" data-outcome="refunded">
        {t`Refunded the payment successfully.`}
      </p>
    )
  }
  if (state === 'failed' && problem) {
    const known = problems[problem]
    return (
      <p className="demo-panel__outcome demo-panel__alert demo-panel__alert--error" role="alert" data-outcome="failed" data-problem={problem}>
        <strong>{t`Error`}</strong> {known ? i18n._(known) : t`The server refused the call (${problem}); its answer is in the list of calls.`}
      </p>
    )
  }
  return null
}

/** The phone: the wallet's real pages (cashier, consent) in a frame, our own drawing for the other steps. */
function Phone(props: {
  screen: string
  url: string | null
  paymentType: DemoPanelType
  amount: number
  problem: string | null
  phoneNumber: string | null
  onNavigated: (location: string) => void
}) {
  const { t, i18n } = useLingui()
  const frame = useRef<HTMLIFrameElement>(null)
  const { screen, url, paymentType, amount } = props
  const codeType = paymentType === 'qrCode' || paymentType === 'appInvoke'
  // the cashier page stays in the frame after paying: its completion screen is the wallet's own
  const framed = url && (screen === 'phone.cashier' || screen === 'phone.consent' || (screen === 'phone.done' && codeType))
  const onLoad = () => {
    const location = frameLocation(frame.current) // null while the wallet's page (another origin) shows
    if (location) props.onNavigated(location)
  }
  const yen = `¥${amount.toLocaleString(i18n.locale)}`
  // the wallet speaks the panel's language (its `lang` query, docs/sandbox-wallet.md)
  const src = url ? `${url}${url.includes('?') ? '&' : '?'}lang=${i18n.locale === 'en' ? 'en' : 'ja'}` : undefined
  return (
    <PhoneFrame className="demo-phone" label={t`The test user's phone`} screen={screen}>
      {framed ? (
        <>
          {paymentType === 'appInvoke' && screen !== 'phone.consent' && <p className="demo-phone__banner">{t`Opened from the shop's app by its deep link`}</p>}
          <iframe
            key={url}
            ref={frame}
            src={src}
            title={screen === 'phone.consent' ? t`Wallet consent page` : t`Wallet cashier page`}
            className="ui-phone__screen"
            onLoad={screen === 'phone.consent' ? onLoad : undefined}
          />
        </>
      ) : (
        <div className="ui-phone__screen demo-phone__drawn">
          <p className="demo-phone__app">{t`PayLab Wallet`}</p>
          {screen === 'phone.home' && (
            <>
              <WalletMark kind="idle" />
              <p>{t`No payment request yet.`}</p>
              <p className="demo-phone__small">{t`Press Run in the panel: this phone shows what the test user's wallet shows at each step.`}</p>
            </>
          )}
          {screen === 'phone.charging' && (
            <>
              <WalletMark kind="busy" />
              <p>{paymentType === 'cashback' ? t`Receiving ${yen} cashback…` : t`Paying ${yen}…`}</p>
            </>
          )}
          {screen === 'phone.done' && (
            <>
              <WalletMark kind="done" />
              <p className="demo-phone__big">{yen}</p>
              <p>{paymentType === 'cashback' ? t`Cashback received` : t`Payment completed`}</p>
              {props.phoneNumber && <p className="demo-phone__small">{t`Account ${props.phoneNumber}`}</p>}
            </>
          )}
          {screen === 'phone.refunded' && (
            <>
              <WalletMark kind="done" />
              <p className="demo-phone__big">{yen}</p>
              <p>{t`Refund received`}</p>
            </>
          )}
          {screen === 'phone.error' && (
            <>
              <WalletMark kind="error" />
              <p>{t`The payment did not go through.`}</p>
              {props.problem && <p className="demo-phone__small">{props.problem}</p>}
            </>
          )}
        </div>
      )}
    </PhoneFrame>
  )
}

/** Our own drawing of the wallet's state (no third-party images). */
function WalletMark({ kind }: { kind: 'idle' | 'busy' | 'done' | 'error' }) {
  const color = kind === 'done' ? 'var(--color-success)' : kind === 'error' ? 'var(--color-danger)' : 'var(--color-brand)'
  return (
    <svg className={`demo-phone__mark demo-phone__mark--${kind}`} width="72" height="72" viewBox="0 0 72 72" aria-hidden="true">
      <circle cx="36" cy="36" r="32" fill="none" stroke={color} strokeWidth="5" strokeDasharray={kind === 'busy' ? '40 162' : undefined} />
      {kind === 'done' && <path d="M22 37 l10 10 l19 -22" fill="none" stroke={color} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />}
      {kind === 'error' && <path d="M36 20 v20 M36 50 v2" fill="none" stroke={color} strokeWidth="6" strokeLinecap="round" />}
      {kind === 'idle' && <rect x="24" y="24" width="24" height="24" rx="4" fill="none" stroke={color} strokeWidth="4" />}
    </svg>
  )
}

/** Every call of the run: request, answer, status, time, and the sandbox call the server signed and made. */
function CallList({ calls }: { calls: PanelCall[] }) {
  const { t } = useLingui()
  return (
    <section className="demo-panel__calls" aria-label={t`Calls of the demo API`}>
      <h2>{t`Calls of the demo API`}</h2>
      {calls.length === 0 ? (
        <p className="demo-panel__hint">{t`No calls yet. Each request and its answer will show here, newest first.`}</p>
      ) : (
        <ol reversed className="demo-panel__call-list">
          {calls.map((call) => (
            <li key={call.n} data-status={call.status} data-path={call.path.split('?')[0]}>
              <details open={call.n === calls[0]!.n}>
                <summary>
                  <code>
                    {call.method} {call.path}
                  </code>{' '}
                  <span className={`demo-panel__status demo-panel__status--${call.status >= 200 && call.status < 300 ? 'ok' : 'bad'}`}>
                    {call.status === 0 ? t`no answer` : call.status}
                  </span>{' '}
                  <span className="demo-panel__hint">{t`${call.ms} ms`}</span>
                </summary>
                {call.forwardedTo && (
                  <p className="demo-panel__hint">{t`Signed by the server with the demo merchant's key (hmac OPA-Auth) and sent to the sandbox as ${call.forwardedTo}.`}</p>
                )}
                {call.body !== null && (
                  <>
                    <p className="demo-panel__label">{t`Request body`}</p>
                    <pre>{JSON.stringify(call.body, null, 2)}</pre>
                  </>
                )}
                <p className="demo-panel__label">{t`Answer`}</p>
                <pre>{typeof call.answer === 'string' ? call.answer : JSON.stringify(call.answer, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
