import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useId, useRef } from 'react'
import type { MiniAppPermission } from '@/domain/miniapp/types.ts'
import { Button } from '@/web/ui/button.tsx'
import { Icon } from '@/web/ui/icons.tsx'
import type { ActorRefFrom } from 'xstate'
import type { miniappConsentMachine } from '@machines/miniapp-consent.machine.ts'
import type { miniappPaymentMachine } from '@machines/miniapp-payment.machine.ts'
import type { MiniappDialog, MiniappWebview } from '@machines/miniapp-session.ts'
import { topupMaxAmount, topupMinAmount, type miniappTopupMachine, type TopupProblem } from '@machines/miniapp-topup.machine.ts'

/**
 * The screens the wallet lays over a mini app (spec §2 "Mini-app screens (documented)"): consent, payment,
 * completion, top-up, and the dialogs of pp.showAlert, pp.showErrorSheet and pp.showUpdateWarning, plus the webview
 * of pp.openWebview. Each is a dialog inside the phone's screen; consent, payment and top-up render their machine (the
 * session's children), the others the session's context.
 */

export const permissionNames: Record<MiniAppPermission, MessageDescriptor> = {
  mini_app_user_name: msg`Full name`,
  mini_app_user_nickname: msg`Nickname`,
  mini_app_user_avatar: msg`Profile picture`,
  mini_app_payment_balance: msg`Balance`,
  mini_app_user_email_address: msg`E-mail address`,
  mini_app_user_phone_number: msg`Phone number`,
  direct_debit: msg`Payments from your balance without confirmation (direct debit)`,
  mini_app_device_info: msg`Device information`,
  mini_app_kyc: msg`Identity verification (KYC) information`,
}

const topupProblems: Record<TopupProblem, MessageDescriptor> = {
  NOT_A_NUMBER: msg`Enter the amount in whole yen.`,
  TOO_LOW: msg`Enter at least ¥${topupMinAmount.toLocaleString('en')}.`,
  TOO_HIGH: msg`You can charge at most ¥${topupMaxAmount.toLocaleString('en')} at a time.`,
}

const yen = (amount: number, locale: string) => `¥${amount.toLocaleString(locale === 'en' ? 'en' : 'ja')}`

function SheetFrame({
  title,
  onClose,
  closeLabel,
  children,
  kind,
}: {
  title: string
  onClose?: () => void
  closeLabel?: string
  children: React.ReactNode
  kind: string
}) {
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <div className={`studio-sheet studio-sheet--${kind}`} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref} tabIndex={-1} data-sheet={kind}>
      <div className="studio-sheet__head">
        <h3 id={titleId} className="studio-sheet__title">
          {title}
        </h3>
        {onClose && (
          <button type="button" className="studio-sheet__close" onClick={onClose} aria-label={closeLabel}>
            <Icon name="close" size={20} />
          </button>
        )}
      </div>
      <div className="studio-sheet__body">{children}</div>
    </div>
  )
}

export function ConsentSheet({ sheet }: { sheet: { actor: ActorRefFrom<typeof miniappConsentMachine> } }) {
  const { t, i18n } = useLingui()
  const snapshot = useSelector(sheet.actor, (s) => s)
  const { appName, permissions, granted } = snapshot.context
  const scroller = useRef<HTMLDivElement>(null)
  const checkEnd = () => {
    const box = scroller.current
    if (box && box.scrollTop + box.clientHeight >= box.scrollHeight - 4) sheet.actor.send({ type: 'consent.scrolledToEnd' })
  }
  // a text short enough to be seen whole needs no scrolling
  useEffect(checkEnd, [])
  return (
    <SheetFrame kind="consent" title={t`Permission request`} onClose={() => sheet.actor.send({ type: 'consent.cancel' })} closeLabel={t`Close`}>
      <div className="studio-consent__scroll" ref={scroller} onScroll={checkEnd} data-testid="consent-scroll">
        <p className="studio-consent__provider">
          <Trans>{appName} would like to use the following information.</Trans>
        </p>
        <ul className="studio-consent__list">
          {permissions.map((p) => (
            <li key={p}>
              <label className="studio-consent__scope">
                <input
                  type="checkbox"
                  role="switch"
                  className="ui-switch"
                  checked={granted.includes(p)}
                  onChange={() => sheet.actor.send({ type: 'consent.toggle', permission: p })}
                />
                <span>{i18n._(permissionNames[p])}</span>
              </label>
            </li>
          ))}
        </ul>
        <p className="studio-consent__legal">
          <Trans>
            The information is given to {appName}, not to PayLab's other services. You can withdraw your consent at any time from the menu's Settings. By
            agreeing you accept the PayLab terms of use and privacy policy and the service's own terms.
          </Trans>
        </p>
        <p className="studio-consent__links">
          <a href="/terms-of-use" target="_blank" rel="noreferrer">
            <Trans>Terms of use</Trans>
          </a>
          {' · '}
          <a href="/privacy" target="_blank" rel="noreferrer">
            <Trans>Privacy policy</Trans>
          </a>
        </p>
      </div>
      <div className="studio-sheet__actions">
        <Button variant="secondary" onClick={() => sheet.actor.send({ type: 'consent.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
        <Button disabled={!snapshot.hasTag('agree.enabled')} onClick={() => sheet.actor.send({ type: 'consent.agree' })}>
          <Trans>Agree and continue</Trans>
        </Button>
      </div>
      {!snapshot.hasTag('agree.enabled') && (
        <p className="studio-sheet__hint">
          <Trans>Scroll to the end to agree.</Trans>
        </p>
      )}
    </SheetFrame>
  )
}

export function PaymentSheet({ sheet, appIcon }: { sheet: { actor: ActorRefFrom<typeof miniappPaymentMachine> }; appIcon?: string }) {
  const { t, i18n } = useLingui()
  const snapshot = useSelector(sheet.actor, (s) => s)
  const { appName, title, amount, balance, status, orderId, cashback } = snapshot.context
  if (snapshot.hasTag('screen.completion')) {
    const statusText = status === 'Success' ? t`Success` : status === 'PreAuth' ? t`PreAuth (scheduled)` : t`Failed`
    return (
      <SheetFrame kind="completion" title={t`Payment result`} onClose={() => sheet.actor.send({ type: 'payment.close' })} closeLabel={t`Close`}>
        <div className="studio-completion">
          {appIcon ? <img className="studio-completion__icon" src={appIcon} alt="" width={56} height={56} /> : <Icon name="wallet" size={40} />}
          <p className="studio-completion__app">{appName}</p>
          <p className="studio-completion__amount" data-testid="completion-amount">
            {yen(amount, i18n.locale)}
          </p>
          <p className={`studio-completion__status studio-completion__status--${status ?? 'Failed'}`} data-testid="completion-status" data-status={status}>
            {statusText}
          </p>
          {status !== 'Failed' && (
            <div className="studio-completion__cashback">
              {cashback ? <Trans>Cashback {yen(cashback, i18n.locale)} is on its way</Trans> : <Trans>No cashback for this payment</Trans>}
            </div>
          )}
          <dl className="studio-completion__facts">
            <dt>
              <Trans>Order ID</Trans>
            </dt>
            <dd data-testid="completion-order">{orderId}</dd>
          </dl>
          <Button onClick={() => sheet.actor.send({ type: 'payment.close' })}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </SheetFrame>
    )
  }
  const busy = snapshot.hasTag('busy.pay')
  return (
    <SheetFrame kind="payment" title={t`Payment`} onClose={busy ? undefined : () => sheet.actor.send({ type: 'payment.cancel' })} closeLabel={t`Close`}>
      <p className="studio-payment__title">{title}</p>
      <p className="studio-payment__amount" data-testid="payment-amount">
        {yen(amount, i18n.locale)} <small>{t`(tax included)`}</small>
      </p>
      <fieldset className="studio-payment__method">
        <legend>{t`Payment method`}</legend>
        <label className="ui-choice">
          <input type="radio" className="ui-choice__input ui-choice__input--radio" checked readOnly />
          <span>
            <Trans>PayLab balance {yen(balance, i18n.locale)}</Trans>
          </span>
        </label>
      </fieldset>
      {balance < amount && (
        <p className="studio-sheet__hint studio-sheet__hint--warning" role="status">
          <Trans>Your balance is less than the amount.</Trans>
        </p>
      )}
      <div className="studio-sheet__actions">
        <Button disabled={busy} aria-busy={busy} onClick={() => sheet.actor.send({ type: 'payment.pay' })}>
          {busy ? <Trans>Paying…</Trans> : <Trans>Pay {yen(amount, i18n.locale)}</Trans>}
        </Button>
      </div>
    </SheetFrame>
  )
}

export function TopupSheet({ sheet }: { sheet: { actor: ActorRefFrom<typeof miniappTopupMachine> } }) {
  const { t, i18n } = useLingui()
  const snapshot = useSelector(sheet.actor, (s) => s)
  const { balance, fixedAmounts, amountText, problem } = snapshot.context
  const id = useId()
  return (
    <SheetFrame kind="topup" title={t`Top up`} onClose={() => sheet.actor.send({ type: 'topup.cancel' })} closeLabel={t`Close`}>
      <p className="studio-sheet__hint">
        <Trans>Balance {yen(balance, i18n.locale)}</Trans>
      </p>
      <div className={`ui-field${problem ? ' ui-field--error' : ''}`}>
        <label htmlFor={id} className="ui-field__label">
          <Trans>Amount (yen)</Trans>
        </label>
        <input
          id={id}
          className="ui-field__input"
          inputMode="numeric"
          autoComplete="off"
          value={amountText}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => sheet.actor.send({ type: 'topup.input', text: e.target.value })}
        />
        {problem && (
          <span id={`${id}-error`} className="ui-field__error">
            {i18n._(topupProblems[problem])}
          </span>
        )}
      </div>
      <div className="studio-topup__fixed" role="group" aria-label={t`Fixed amounts`}>
        {fixedAmounts.map((amount) => (
          <Button key={amount} variant="secondary" size="small" onClick={() => sheet.actor.send({ type: 'topup.pick', amount })}>
            {yen(amount, i18n.locale)}
          </Button>
        ))}
      </div>
      <fieldset className="studio-payment__method">
        <legend>{t`Top-up method`}</legend>
        <label className="ui-choice">
          <input type="radio" className="ui-choice__input ui-choice__input--radio" checked readOnly />
          <span>
            <Trans>Sandbox bank account</Trans>
          </span>
        </label>
      </fieldset>
      <div className="studio-sheet__actions">
        <Button onClick={() => sheet.actor.send({ type: 'topup.charge' })}>
          <Trans>Charge</Trans>
        </Button>
      </div>
    </SheetFrame>
  )
}

/** The app's dialogs, and the note of an external web view; `onAnswer` gets the button's index, the choice, or nothing. */
export function DialogSheet({ dialog, webview, onAnswer }: { dialog?: MiniappDialog; webview?: MiniappWebview; onAnswer: (value?: unknown) => void }) {
  const { t } = useLingui()
  const sheet = dialog ?? { kind: 'webview' as const, url: webview?.url ?? '' }
  const close = () => onAnswer()
  if (sheet.kind === 'alert') {
    const buttons = sheet.buttons.length ? sheet.buttons : [t`OK`]
    return (
      <SheetFrame kind="alert" title={sheet.title || t`Notice`}>
        <p>{sheet.message}</p>
        <div className="studio-sheet__actions">
          {buttons.map((label, index) => (
            <Button key={`${index}-${label}`} variant={index === buttons.length - 1 ? 'primary' : 'secondary'} onClick={() => onAnswer(index)}>
              {label}
            </Button>
          ))}
        </div>
      </SheetFrame>
    )
  }
  if (sheet.kind === 'errorSheet')
    return (
      <SheetFrame kind="error" title={sheet.title || t`Error`} onClose={close} closeLabel={t`Close`}>
        <p role="alert">{sheet.message}</p>
        <div className="studio-sheet__actions">
          <Button onClick={close}>
            <Trans>OK</Trans>
          </Button>
        </div>
      </SheetFrame>
    )
  if (sheet.kind === 'updateWarning')
    return (
      <SheetFrame kind="update" title={t`Update PayLab`}>
        <p>
          {sheet.isMandatory ? (
            <Trans>This service needs a newer version of the PayLab app. Update the app to continue.</Trans>
          ) : (
            <Trans>A newer version of the PayLab app is available.</Trans>
          )}
        </p>
        <div className="studio-sheet__actions">
          {!sheet.isMandatory && (
            <Button variant="secondary" onClick={() => onAnswer('later')}>
              <Trans>Later</Trans>
            </Button>
          )}
          <Button onClick={() => onAnswer('update')}>
            <Trans>Update</Trans>
          </Button>
        </div>
      </SheetFrame>
    )
  // style external: the device's browser opens the address (modal and slide: WebviewScreen, in the wallet)
  return (
    <SheetFrame kind="webview" title={t`Opens in the browser`} onClose={close} closeLabel={t`Close`}>
      <p>
        <Trans>On a phone this address opens in the device's browser:</Trans>
      </p>
      <p className="studio-sheet__url">
        <a href={sheet.url} target="_blank" rel="noreferrer noopener">
          {sheet.url}
        </a>
      </p>
    </SheetFrame>
  )
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * pp.openWebview with style modal or slide: the wallet's web view over the app's page, with its own navigation bar
 * (back and close both return to the mini app). The page runs in an iframe sandboxed without allow-same-origin
 * (an opaque origin: it can reach nothing of the portal) and is sent no referrer.
 */
export function WebviewScreen({ sheet, onClose }: { sheet: MiniappWebview; onClose: () => void }) {
  const { t } = useLingui()
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [])
  const host = hostOf(sheet.url)
  return (
    <div
      className={`studio-webview studio-webview--${sheet.style}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-sheet="webview"
      ref={ref}
      tabIndex={-1}
    >
      <header className="studio-nav studio-webview__bar">
        <button type="button" className="studio-nav__icon" onClick={onClose} aria-label={t`Back to the mini app`}>
          <span aria-hidden="true">‹</span>
        </button>
        <h3 id={titleId} className="studio-nav__title">
          {host}
        </h3>
        <button type="button" className="studio-nav__icon" onClick={onClose} aria-label={t`Close the web page`}>
          <Icon name="close" size={18} />
        </button>
      </header>
      {/* the host lets only whitelisted https addresses through; nothing else is ever framed */}
      {sheet.url.startsWith('https://') && (
        <iframe
          className="studio-webview__frame"
          title={t`Web page ${host}`}
          src={sheet.url}
          sandbox="allow-scripts allow-forms"
          referrerPolicy="no-referrer"
        />
      )}
    </div>
  )
}
