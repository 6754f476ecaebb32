import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useId, useMemo, useRef, useState } from 'react'
import type { CakeId } from '@/domain/checkout-demo.ts'
import { limits } from '@/domain/limits.ts'
import { buttonClass } from '@/web/ui/button.tsx'
import { frameLocation } from '@/web/lib/frame-location.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { QrCanvas } from '@/web/ui/qr-canvas.tsx'
import { checkoutDirectDebitMachine } from '@machines/checkout-direct-debit.machine.ts'
import { checkoutQrMachine } from '@machines/checkout-qr.machine.ts'
import { checkoutActors, forgetLink, savedLink } from '../api.ts'
import { Alert, CakePicker, ConsentFrame, Paid, PhoneFrame, cakeNames, testDelays } from './cake-shop-parts.tsx'
import '../checkout.css'

/**
 * The cake-shop checkout (spec §2 demo panels, §4 checkout demo, §8 demo messages), driven by the two checkout
 * machines over the demo API. Loaded lazily (this chunk carries xstate and qrcode), by the /demo/checkout page and
 * the docs' payment-demo block. docs/decisions/checkout-demo.md. Each flow's root carries the screen (`data-screen`)
 * and the machine's state (`data-state`), which the browser path tests wait for before they move the page clock.
 */

export type CheckoutFlow = 'qr' | 'directDebit' | 'cashback'

export function CakeShop({ initialFlow = 'qr', onFlowChange }: { initialFlow?: CheckoutFlow; onFlowChange?: (flow: CheckoutFlow) => void }) {
  const { t } = useLingui()
  const [flow, setFlow] = useState<CheckoutFlow>(initialFlow)
  const baseId = useId()
  const flows: { id: CheckoutFlow; label: string }[] = [
    { id: 'qr', label: t`QR code` },
    { id: 'directDebit', label: t`Direct debit` },
    { id: 'cashback', label: t`Cashback` },
  ]
  return (
    <section className="cake-shop" aria-label={t`PayLab cake shop`} data-testid="cake-shop">
      <div className="cake-shop__head">
        <p className="cake-shop__brand">
          <Trans>PayLab Cake Shop</Trans>
        </p>
        <div role="tablist" aria-label={t`How to pay`} className="cake-shop__tabs">
          {flows.map((f) => (
            <button
              key={f.id}
              type="button"
              role="tab"
              id={`${baseId}-${f.id}`}
              aria-selected={flow === f.id}
              tabIndex={flow === f.id ? 0 : -1}
              className="cake-shop__tab"
              onClick={() => {
                setFlow(f.id)
                // the page's address follows the tab (issue 20), so a reload or a shared link opens the same one
                onFlowChange?.(f.id)
              }}
            >
              {f.label}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" aria-labelledby={`${baseId}-${flow}`}>
        {flow === 'directDebit' ? <DirectDebitCheckout /> : <QrCheckout key={flow} kind={flow} />}
      </div>
    </section>
  )
}

/**
 * The QR machine's two kinds: the QR code tab, and the Cashback tab (spec §4 "for cashback, showIFrame"): the wallet's
 * consent page in a frame, then the cashback to the test user who allowed it.
 */
function QrCheckout({ kind }: { kind: 'qr' | 'cashback' }) {
  const { t, i18n } = useLingui()
  const machine = useMemo(() => checkoutQrMachine.provide({ actors: checkoutActors((cake) => i18n._(cakeNames[cake])), delays: testDelays() }), [])
  const [state, send] = useMachine(machine, { input: { kind }, inspect: inspectOption() })
  const [walletBeside, setWalletBeside] = useState(false)
  const frame = useRef<HTMLIFrameElement>(null)
  const { cake, url, alert } = state.context
  const cancelling = state.hasTag('busy.cancelling')
  const price = limits.demo.cakePriceYen
  const onFrameLoad = () => {
    const location = frameLocation(frame.current)
    if (location) send({ type: 'frame.navigated', location })
  }
  const screen = state.hasTag('screen.input') ? 'input' : state.hasTag('screen.code') ? 'code' : state.hasTag('screen.paid') ? 'paid' : 'frame'

  return (
    <div className="cake-flow" data-screen={screen} data-state={JSON.stringify(state.value)}>
      <Alert code={alert} onClose={() => send({ type: 'alert.close' })} />
      {screen === 'input' && (
        <>
          <CakePicker picked={cake} onPick={(c) => send({ type: 'cake.pick', cake: c })} disabled={state.hasTag('busy.creating')} />
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={cake === null || state.hasTag('busy.creating')}
            aria-busy={state.hasTag('busy.creating')}
            onClick={() => send({ type: 'checkout.submit' })}
          >
            {state.hasTag('busy.creating') ? t`Creating the QR code…` : t`Checkout`}
          </button>
          {cake === null && (
            <p className="cake-hint">
              <Trans>Pick a cake to enable Checkout.</Trans>
            </p>
          )}
          {kind === 'cashback' && (
            <p className="cake-hint">
              <Trans>Cashback: the shop gives the cake's price back to a test user who allows it in the wallet.</Trans>
            </p>
          )}
        </>
      )}
      {screen === 'code' && url && (
        <div className="cake-pay">
          <div className="cake-pay__code">
            <p className="cake-alert cake-alert--warning" role="alert">
              <strong>{t`Warning`}</strong> <span>{t`Please DO NOT close the browser after paying`}</span>
            </p>
            <QrCanvas url={url} size={240} />
            {/* what is being paid, beside the code (issue 20) */}
            {cake && (
              <dl className="cake-order" aria-label={t`Your order`}>
                <div>
                  <dt>{t`Item`}</dt>
                  <dd>{i18n._(cakeNames[cake])}</dd>
                </div>
                <div>
                  <dt>{t`Amount`}</dt>
                  <dd>¥{limits.demo.cakePriceYen}</dd>
                </div>
                {state.context.merchantPaymentId && (
                  <div>
                    <dt>{t`Order number`}</dt>
                    <dd>
                      <code>{state.context.merchantPaymentId}</code>
                    </dd>
                  </div>
                )}
              </dl>
            )}
            <p>
              <Trans>Scan the code with a phone on this network, or open the wallet and pay as a test user (taro or hanako).</Trans>
            </p>
            <p className="cake-pay__actions">
              <a href={url} target="_blank" rel="noopener" className={buttonClass('secondary', 'small')}>
                <Trans>Open the wallet in a new tab</Trans>
              </a>
              <button type="button" className={buttonClass('secondary', 'small')} onClick={() => setWalletBeside((b) => !b)} aria-expanded={walletBeside}>
                {walletBeside ? t`Hide the phone` : t`Pay on the phone beside the shop`}
              </button>
              {/* the pending payment is cancelled in the sandbox, and the shop says so (issue 20) */}
              <button
                type="button"
                className={buttonClass('secondary', 'small')}
                disabled={cancelling}
                aria-busy={cancelling}
                onClick={() => send({ type: 'checkout.cancel' })}
              >
                <Trans>Cancel</Trans>
              </button>
            </p>
            <p className="cake-hint" aria-live="polite">
              {cancelling ? t`Cancelling the code…` : t`Waiting for the payment… (checked every 3 seconds for up to 5 minutes)`}
            </p>
          </div>
          {walletBeside && <PhoneFrame src={url} title={t`Wallet of the test user`} />}
        </div>
      )}
      {screen === 'paid' &&
        (state.context.kind === 'qr' ? (
          <Paid refunding={state.hasTag('busy.refunding') ? 'now' : 'soon'} />
        ) : (
          <Paid cashback onRestart={() => send({ type: 'checkout.restart' })} />
        ))}
      {screen === 'frame' && url && (
        <ConsentFrame
          url={url}
          busy={state.hasTag('busy.cashback') ? t`Giving the cashback…` : null}
          onBack={() => send({ type: 'checkout.restart' })}
          onLoad={onFrameLoad}
          frameRef={frame}
        >
          <Trans>Sign in as a test user in the wallet and allow cashback: the shop then gives ¥{price} back to that user.</Trans>
        </ConsentFrame>
      )}
    </div>
  )
}

function DirectDebitCheckout() {
  const { t, i18n } = useLingui()
  const machine = useMemo(() => checkoutDirectDebitMachine.provide({ actors: checkoutActors((cake) => i18n._(cakeNames[cake])), delays: testDelays() }), [])
  const [state, send] = useMachine(machine, { input: typeof window === 'undefined' ? {} : (savedLink() ?? {}), inspect: inspectOption() })
  const [cake, setCake] = useState<CakeId>('strawberry')
  const frame = useRef<HTMLIFrameElement>(null)
  const { alert, phoneNumber, authorizationUrl } = state.context
  const screen = state.hasTag('screen.input') ? 'input' : state.hasTag('screen.frame') ? 'frame' : state.hasTag('screen.debit') ? 'debit' : 'paid'
  const processing = state.hasTag('busy.processing') || state.hasTag('busy.cancelling')

  const onFrameLoad = () => {
    const location = frameLocation(frame.current)
    if (location) send({ type: 'frame.navigated', location })
  }

  return (
    <div className="cake-flow" data-screen={screen} data-state={JSON.stringify(state.value)}>
      <Alert code={alert} onClose={() => send({ type: 'alert.close' })} />
      {screen === 'input' && (
        <>
          <CakePicker picked={cake} onPick={setCake} disabled={state.hasTag('busy.linking')} />
          <p className="cake-hint">
            <Trans>Link the wallet of a test user once; later visits go straight to Debit.</Trans>
          </p>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={state.hasTag('busy.linking')}
            aria-busy={state.hasTag('busy.linking')}
            onClick={() => send({ type: 'link.start' })}
          >
            {state.hasTag('busy.linking')
              ? t`Opening the wallet…`
              : phoneNumber
                ? // a saved link goes straight to Debit: the button says so (issue 20)
                  t`Continue with the linked wallet (${phoneNumber})`
                : t`Link the wallet`}
          </button>
        </>
      )}
      {screen === 'frame' && authorizationUrl && (
        <ConsentFrame
          url={authorizationUrl}
          busy={state.hasTag('busy.linking') ? t`Linking…` : null}
          onBack={() => send({ type: 'link.cancel' })}
          onLoad={onFrameLoad}
          frameRef={frame}
        >
          <Trans>Sign in as a test user in the wallet and agree, so that the shop may debit your balance.</Trans>
        </ConsentFrame>
      )}
      {screen === 'debit' && (
        <div className="cake-debit">
          <p>
            <Trans>
              Linked wallet: <strong data-testid="linked-phone">{phoneNumber}</strong>
            </Trans>
          </p>
          <p>
            {i18n._(cakeNames[cake])} — ¥{limits.demo.cakePriceYen}
          </p>
          <button type="button" className={buttonClass('primary')} disabled={processing} aria-busy={processing} onClick={() => send({ type: 'debit.submit' })}>
            {processing ? t`Processing...` : t`Debit`}
          </button>
          {!processing && (
            <button
              type="button"
              className={buttonClass('secondary', 'small')}
              onClick={() => {
                forgetLink()
                window.location.reload()
              }}
            >
              <Trans>Unlink this wallet</Trans>
            </button>
          )}
        </div>
      )}
      {screen === 'paid' && <Paid refunding={state.hasTag('busy.refunding') ? 'now' : 'soon'} />}
    </div>
  )
}
