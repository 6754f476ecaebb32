import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode, Ref } from 'react'
import { cakeIds, checkoutAlerts, type CakeId, type CheckoutAlertCode } from '@/domain/checkout-demo.ts'
import { limits } from '@/domain/limits.ts'
import { buttonClass } from '@/web/ui/button.tsx'
import { PhoneFrame as Phone } from '@/web/ui/phone-frame.tsx'
import { CakeArt } from './cake-art.tsx'
import { formatJst } from '@/domain/time-format.ts'

/** The cake shop's parts both checkouts show (cake-shop.tsx): its texts, the alert, the cake picker, the phone frames and the paid screen. */

export const alertMessages: Record<CheckoutAlertCode, MessageDescriptor> = {
  UNKNOWN_ERROR: msg`Unknown error occurred. Please try again.`,
  TIMED_OUT: msg`Timed out. Please regenerate again`,
  AUTHORIZATION_FAILED: msg`Unknown error occurred. Please wait a while before trying again.`,
  RESPONSE_TOKEN_MISSING: msg`Couldn't get response token. Will start over again.`,
  REFUNDED: msg`Refunded the payment successfully.`,
  REFUND_LATER: msg`Couldn't refund the payment after repeated timeouts. Will try later again on`,
  CHECKOUT_CANCELED: msg`The payment was cancelled. Nothing was charged.`,
  CANCEL_UNCONFIRMED: msg`The cancel could not be confirmed. The unpaid code expires by itself within a few minutes.`,
  CASHBACK_FAILED: msg`Cashback creation failure`,
}

export const cakeNames: Record<CakeId, MessageDescriptor> = {
  strawberry: msg`Strawberry shortcake`,
  chocolate: msg`Chocolate cake`,
  matcha: msg`Matcha roll`,
}
export const cakeLines: Record<CakeId, MessageDescriptor> = {
  strawberry: msg`Sponge, fresh cream and one big strawberry.`,
  chocolate: msg`Dark chocolate layers with a ganache top.`,
  matcha: msg`Green tea sponge rolled around sweet cream.`,
}

/** Test-only: `?demoDelays=short` shortens the automatic refund to 2 s (browser tests; docs/decisions/checkout-demo.md). */
export function testDelays() {
  if (typeof window === 'undefined') return {}
  return new URLSearchParams(window.location.search).get('demoDelays') === 'short' ? { autoRefund: 2_000 } : {}
}
export function Alert({ code, onClose }: { code: CheckoutAlertCode | null; onClose: () => void }) {
  const { t, i18n } = useLingui()
  if (!code) return null
  const kind = checkoutAlerts[code]
  const title = kind === 'error' ? t`Error` : kind === 'warning' ? t`Warning` : t`Done`
  const later = code === 'REFUND_LATER' ? ` ${formatJst(i18n.locale === 'en' ? 'en' : 'ja', Date.now() + 24 * 60 * 60_000, 'date')}` : ''
  return (
    <div className={`cake-alert cake-alert--${kind}`} role={kind === 'success' ? 'status' : 'alert'} data-alert={code}>
      <strong>{title}</strong> <span>{i18n._(alertMessages[code]) + later}</span>
      <button type="button" className="cake-alert__close" onClick={onClose} aria-label={t`Close the message`}>
        ×
      </button>
    </div>
  )
}

export function CakePicker({ picked, onPick, disabled }: { picked: CakeId | null; onPick: (cake: CakeId) => void; disabled?: boolean }) {
  const { t, i18n } = useLingui()
  return (
    <fieldset className="cake-picker" disabled={disabled}>
      <legend>{t`Pick a cake`}</legend>
      {cakeIds.map((cake) => (
        <label key={cake} className={`cake-card${picked === cake ? ' cake-card--picked' : ''}`}>
          <input type="radio" name="cake" value={cake} checked={picked === cake} onChange={() => onPick(cake)} />
          <CakeArt cake={cake} />
          <span className="cake-card__name">{i18n._(cakeNames[cake])}</span>
          <span className="cake-card__line">{i18n._(cakeLines[cake])}</span>
          <span className="cake-card__price">¥{limits.demo.cakePriceYen}</span>
        </label>
      ))}
    </fieldset>
  )
}

/** The wallet (cashier or consent page) inside a phone frame beside the shop. */
export function PhoneFrame({ src, title, onLoad, frameRef }: { src: string; title: string; onLoad?: () => void; frameRef?: Ref<HTMLIFrameElement> }) {
  return (
    <Phone>
      <iframe ref={frameRef} src={src} title={title} className="ui-phone__screen" onLoad={onLoad} />
    </Phone>
  )
}

/** The wallet's consent page in the phone beside what to do there, a busy line and the way back (direct debit, cashback). */
export function ConsentFrame({
  url,
  busy,
  onBack,
  onLoad,
  frameRef,
  children,
}: {
  url: string
  busy: string | null
  onBack: () => void
  onLoad: () => void
  frameRef: Ref<HTMLIFrameElement>
  children: ReactNode
}) {
  const { t } = useLingui()
  return (
    <div className="cake-pay">
      <div className="cake-pay__code">
        <p>{children}</p>
        {busy && <p className="cake-hint">{busy}</p>}
        <button type="button" className={buttonClass('secondary', 'small')} onClick={onBack}>
          <Trans>Back to the shop</Trans>
        </button>
      </div>
      <PhoneFrame src={url} title={t`Wallet consent page`} onLoad={onLoad} frameRef={frameRef} />
    </div>
  )
}

export function Paid({ onRestart, refunding, cashback }: { onRestart?: () => void; refunding?: 'soon' | 'now'; cashback?: boolean }) {
  const price = limits.demo.cakePriceYen
  return (
    <div className="cake-paid" role="status">
      {cashback ? (
        <>
          {/* spec §8's outcome message of the cashback */}
          <p className="cake-paid__title">
            <Trans>Cashback created</Trans>
          </p>
          <p>
            <Trans>The test user who allowed it received ¥{price} in the wallet.</Trans>
          </p>
        </>
      ) : (
        <p className="cake-paid__title">
          <Trans>Thank you! The payment is complete.</Trans>
        </p>
      )}
      {refunding === 'soon' && (
        <p>
          <Trans>This is a demo: the payment will be refunded to the test user in about 30 seconds.</Trans>{' '}
          <Trans>Please keep this page open until then.</Trans>
        </p>
      )}
      {refunding === 'now' && (
        <p>
          <Trans>Refunding the payment…</Trans>
        </p>
      )}
      {onRestart && (
        <button type="button" className={buttonClass('primary')} onClick={onRestart}>
          <Trans>Shop again</Trans>
        </button>
      )}
    </div>
  )
}
