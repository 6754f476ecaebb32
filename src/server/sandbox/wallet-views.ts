import { html, raw } from 'hono/html'
import type { Lang } from '@/domain/i18n.ts'
import { alertArt, canceledArt, coinsArt, expiredArt, linkArt, logoMark, receiptArt, successArt } from './wallet-art.ts'
import { describeScope, formatDateTime, formatYen, wt, type WalletTextKey } from './wallet-text.ts'

export type Html = ReturnType<typeof html>

/** What every wallet page needs to draw its frame. `path` is the current path (for the language links). */
export interface PageFrame {
  lang: Lang
  path: string
}

export interface WalletUserView {
  id: string
  username: string
  balance: number
}

export interface OrderItemView {
  name: string
  quantity: number
  unitPrice: number | null
}

export interface CashierView {
  codeId: string
  merchantName: string
  merchantPaymentId: string
  orderDescription: string | null
  orderItems: OrderItemView[]
  amount: number
  expiresAt: number | null
  isAuthorization: boolean
}

export interface CompletionView {
  merchantName: string
  amount: number
  status: 'COMPLETED' | 'AUTHORIZED' | 'REFUNDED' | 'FAILED' | 'CANCELED'
  merchantPaymentId: string
  paymentId: string | null
  payer: string | null
  /** The signed-in payer's balance now (shown to the payer only). */
  payerBalance: number | null
  returnUrl: { href: string; kind: 'web' | 'app' } | null
}

const withLang = (path: string, lang: Lang) => {
  const url = new URL(path, 'http://wallet.invalid')
  url.searchParams.set('lang', lang)
  return `${url.pathname}${url.search}`
}

/** The phone-sized frame: header with mark and language switch, main, sandbox notice. */
export function page(frame: PageFrame, title: string, body: Html): Html {
  const { lang } = frame
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${wt(lang, 'walletName')}</title>
<style>${raw(styles)}</style>
</head>
<body>
<a class="skip" href="#main">${wt(lang, 'skipToContent')}</a>
<div class="phone">
<header class="bar">
  <span class="brand">${logoMark('PayLab')}<span>${wt(lang, 'walletName')}</span></span>
  <nav aria-label="${wt(lang, 'languageNav')}" class="langs">
    <a href="${withLang(frame.path, 'ja')}" lang="ja" hreflang="ja" ${lang === 'ja' ? html`aria-current="true"` : ''}>日本語</a>
    <a href="${withLang(frame.path, 'en')}" lang="en" hreflang="en" ${lang === 'en' ? html`aria-current="true"` : ''}>English</a>
  </nav>
</header>
<main id="main" tabindex="-1">
${body}
</main>
<footer class="note"><p>${wt(lang, 'sandboxNotice')}</p></footer>
</div>
</body>
</html>`
}

/** A page that only says what happened: expired, deleted, not found, refused … */
export function statePage(
  frame: PageFrame,
  kind: 'expired' | 'canceled' | 'alert' | 'success',
  titleKey: WalletTextKey,
  bodyText: string | null,
  extra: Html | '' = '',
): Html {
  const art = kind === 'expired' ? expiredArt() : kind === 'canceled' ? canceledArt() : kind === 'success' ? successArt() : alertArt()
  const title = wt(frame.lang, titleKey)
  return page(
    frame,
    title,
    html`<section class="card center" aria-labelledby="state-title">
  <div class="art">${art}</div>
  <h1 id="state-title">${title}</h1>
  ${bodyText ? html`<p>${bodyText}</p>` : ''}
  ${extra}
</section>`,
  )
}

export function errorPage(frame: PageFrame, code: string, message: string): Html {
  return statePage(frame, 'alert', 'errorTitle', message, html`<p class="muted">${wt(frame.lang, 'errorCode')}: <code>${code}</code></p>`)
}

function orderSummary(lang: Lang, order: CashierView): Html {
  return html`<section class="card" aria-labelledby="order-title">
  <div class="order-head">
    <div class="art small">${receiptArt()}</div>
    <div>
      <p class="label">${wt(lang, 'merchant')}</p>
      <p class="merchant">${order.merchantName}</p>
    </div>
  </div>
  <h2 id="order-title" class="label">${wt(lang, 'orderDescription')}</h2>
  <p>${order.orderDescription ?? '—'}</p>
  ${
    order.orderItems.length > 0
      ? html`<table class="items">
    <caption>${wt(lang, 'items')}</caption>
    <thead><tr><th scope="col">${wt(lang, 'itemName')}</th><th scope="col" class="num">${wt(lang, 'quantity')}</th><th scope="col" class="num">${wt(lang, 'unitPrice')}</th></tr></thead>
    <tbody>${order.orderItems.map(
      (item) =>
        html`<tr><td>${item.name}</td><td class="num">${item.quantity}</td><td class="num">${item.unitPrice === null ? '—' : formatYen(lang, item.unitPrice)}</td></tr>`,
    )}</tbody>
  </table>`
      : ''
  }
  <dl class="facts">
    <div><dt>${wt(lang, 'orderId')}</dt><dd><code>${order.merchantPaymentId}</code></dd></div>
    ${order.expiresAt ? html`<div><dt>${wt(lang, 'expiresAt')}</dt><dd>${formatDateTime(lang, order.expiresAt)}</dd></div>` : ''}
  </dl>
  <p class="total"><span>${wt(lang, 'total')}</span><strong data-testid="amount">${formatYen(lang, order.amount)}</strong></p>
</section>`
}

/** The sign-in card: the merchant's test users with their balances, as radio buttons. */
export function signInForm(lang: Lang, action: string, users: WalletUserView[], topUpHref: string | null): Html {
  if (users.length === 0) {
    return html`<section class="card" aria-labelledby="signin-title">
  <h2 id="signin-title">${wt(lang, 'signInTitle')}</h2>
  <p>${wt(lang, 'noTestUsers')}</p>
  ${topUpHref ? html`<p><a href="${topUpHref}">${wt(lang, 'topUpLink')}</a></p>` : ''}
</section>`
  }
  return html`<section class="card" aria-labelledby="signin-title">
  <form method="post" action="${action}">
    <fieldset>
      <legend id="signin-title"><h2>${wt(lang, 'signInTitle')}</h2></legend>
      <p class="muted" id="signin-hint">${wt(lang, 'signInHint')}</p>
      <ul class="users" role="list">
      ${users.map(
        (user, index) =>
          html`<li><label class="user"><input type="radio" name="testUserId" value="${user.id}" ${index === 0 ? html`checked` : ''} required aria-describedby="signin-hint">
          <span class="user-name">${user.username}</span><span class="user-balance">${wt(lang, 'balance')} ${formatYen(lang, user.balance)}</span></label></li>`,
      )}
      </ul>
    </fieldset>
    <button type="submit" class="primary">${wt(lang, 'signIn')}</button>
  </form>
</section>`
}

function signedInCard(lang: Lang, user: WalletUserView, signOutAction: string): Html {
  return html`<section class="card signed-in" aria-label="${wt(lang, 'signedInAs')}">
  <p class="label">${wt(lang, 'signedInAs')}</p>
  <p class="who"><strong data-testid="username">${user.username}</strong>
  <span>${wt(lang, 'balance')} <strong data-testid="balance">${formatYen(lang, user.balance)}</strong></span></p>
  <form method="post" action="${signOutAction}"><button type="submit" class="link">${wt(lang, 'switchUser')}</button></form>
</section>`
}

export interface CashierPageInput {
  order: CashierView
  user: WalletUserView | null
  users: WalletUserView[]
  actions: { signIn: string; signOut: string; pay: string; cancel: string }
  topUpHref: string
  /** Shown above the pay button after a failed attempt (NO_SUFFICIENT_FUND and the like). */
  failure: { code: string; title: string; body: string } | null
}

export function cashierPage(frame: PageFrame, input: CashierPageInput): Html {
  const { lang } = frame
  const { order, user } = input
  const payLabel = `${wt(lang, order.isAuthorization ? 'authorizePay' : 'pay')} ${formatYen(lang, order.amount)}`
  const failure = input.failure
    ? html`<div class="alert" role="alert" id="pay-error">
    <div class="art tiny">${alertArt()}</div>
    <div><p class="alert-title">${input.failure.title}</p><p>${input.failure.body}</p>
    <p class="muted"><code>${input.failure.code}</code></p>
    ${input.failure.code === 'NO_SUFFICIENT_FUND' ? html`<p><a href="${input.topUpHref}">${wt(lang, 'topUpLink')}</a></p>` : ''}</div>
  </div>`
    : ''
  const actions = user
    ? html`${signedInCard(lang, user, input.actions.signOut)}
${failure}
<section class="card" aria-label="${wt(lang, 'paymentMethod')}">
  <p class="method"><span class="label">${wt(lang, 'paymentMethod')}</span><span>${wt(lang, 'methodBalance')}</span></p>
  <form method="post" action="${input.actions.pay}">
    <button type="submit" class="primary" ${input.failure ? html`aria-describedby="pay-error"` : ''}>${payLabel}</button>
  </form>
  <form method="post" action="${input.actions.cancel}">
    <button type="submit" class="secondary">${wt(lang, 'cancel')}</button>
  </form>
</section>`
    : html`${signInForm(lang, input.actions.signIn, input.users, input.topUpHref)}
<form method="post" action="${input.actions.cancel}" class="card plain">
  <button type="submit" class="secondary">${wt(lang, 'cancel')}</button>
</form>`
  return page(
    frame,
    wt(lang, 'paymentTitle'),
    html`<h1 class="page-title">${wt(lang, 'paymentTitle')}</h1>
${orderSummary(lang, order)}
${actions}`,
  )
}

const statusKey = {
  COMPLETED: 'statusCompleted',
  AUTHORIZED: 'statusAuthorized',
  REFUNDED: 'statusRefunded',
  FAILED: 'statusFailed',
  CANCELED: 'statusCanceled',
} as const satisfies Record<CompletionView['status'], WalletTextKey>

/** Completion (spec §2 mini-app completion screen): app name, amount, status, order id, close/return. */
export function completionPage(frame: PageFrame, view: CompletionView, title: WalletTextKey = 'completedTitle'): Html {
  const { lang } = frame
  const good = view.status === 'COMPLETED' || view.status === 'AUTHORIZED'
  return page(
    frame,
    wt(lang, title),
    html`<section class="card center" aria-labelledby="done-title">
  <div class="art">${good ? successArt() : canceledArt()}</div>
  <h1 id="done-title">${wt(lang, title)}</h1>
  <p class="big-amount" data-testid="paid-amount">${formatYen(lang, view.amount)}</p>
  <dl class="facts">
    <div><dt>${wt(lang, 'appName')}</dt><dd>${view.merchantName}</dd></div>
    ${view.payer ? html`<div><dt>${wt(lang, 'paidBy')}</dt><dd>${view.payer}</dd></div>` : ''}
    ${view.payerBalance !== null ? html`<div><dt>${wt(lang, 'balanceNow')}</dt><dd data-testid="balance">${formatYen(lang, view.payerBalance)}</dd></div>` : ''}
    <div><dt>${wt(lang, 'status')}</dt><dd data-testid="status" data-status="${view.status}">${wt(lang, statusKey[view.status])}</dd></div>
    <div><dt>${wt(lang, 'orderId')}</dt><dd><code>${view.merchantPaymentId}</code></dd></div>
    ${view.paymentId ? html`<div><dt>${wt(lang, 'paymentId')}</dt><dd><code>${view.paymentId}</code></dd></div>` : ''}
  </dl>
  ${view.returnUrl ? html`<p><a class="button primary" href="${view.returnUrl.href}">${wt(lang, view.returnUrl.kind === 'app' ? 'openApp' : 'returnToShop')}</a></p>` : ''}
</section>`,
  )
}

export interface ConsentPageInput {
  merchantName: string
  scopes: string[]
  user: WalletUserView | null
  users: WalletUserView[]
  actions: { signIn: string; signOut: string; approve: string; deny: string }
}

/** User authorization consent: what the merchant asks for, in plain words; agree-and-continue or cancel. */
export function consentPage(frame: PageFrame, input: ConsentPageInput): Html {
  const { lang } = frame
  const body = html`<section class="card" aria-labelledby="consent-title">
  <div class="art center-art">${linkArt()}</div>
  <h1 id="consent-title">${wt(lang, 'consentTitle')}</h1>
  <p>${wt(lang, 'consentLead', { merchant: input.merchantName })}</p>
  <ul class="scopes">${input.scopes.map((scope) => html`<li data-scope="${scope}">${describeScope(lang, scope)}</li>`)}</ul>
</section>
${
  input.user
    ? html`${signedInCard(lang, input.user, input.actions.signOut)}
<section class="card">
  <form method="post" action="${input.actions.approve}"><button type="submit" class="primary">${wt(lang, 'consentAgree')}</button></form>
  <form method="post" action="${input.actions.deny}"><button type="submit" class="secondary">${wt(lang, 'cancel')}</button></form>
</section>`
    : html`${signInForm(lang, input.actions.signIn, input.users, null)}
<form method="post" action="${input.actions.deny}" class="card plain"><button type="submit" class="secondary">${wt(lang, 'cancel')}</button></form>`
}`
  return page(frame, wt(lang, 'consentTitle'), body)
}

export interface ReauthorizePageInput {
  merchantName: string
  merchantPaymentId: string
  currentAmount: number
  newAmount: number
  payer: WalletUserView | null
  /** Set while the payer is not signed in: the approval waits for their sign-in (only the payer is offered). */
  signIn: { action: string; users: WalletUserView[] } | null
  actions: { approve: string; decline: string }
  failure: { code: string; title: string; body: string } | null
}

/** The payer approves (or not) a higher amount on a pre-authorised payment. */
export function reauthorizePage(frame: PageFrame, input: ReauthorizePageInput): Html {
  const { lang } = frame
  return page(
    frame,
    wt(lang, 'reauthTitle'),
    html`<h1 class="page-title">${wt(lang, 'reauthTitle')}</h1>
<section class="card">
  <p>${wt(lang, 'reauthLead', { merchant: input.merchantName })}</p>
  <dl class="facts">
    <div><dt>${wt(lang, 'orderId')}</dt><dd><code>${input.merchantPaymentId}</code></dd></div>
    <div><dt>${wt(lang, 'currentAmount')}</dt><dd>${formatYen(lang, input.currentAmount)}</dd></div>
    <div><dt>${wt(lang, 'newAmount')}</dt><dd><strong data-testid="amount">${formatYen(lang, input.newAmount)}</strong></dd></div>
    ${input.payer ? html`<div><dt>${wt(lang, 'testUser')}</dt><dd>${input.payer.username} · ${wt(lang, 'balance')} <span data-testid="balance">${formatYen(lang, input.payer.balance)}</span></dd></div>` : ''}
  </dl>
</section>
${
  input.failure
    ? html`<div class="alert" role="alert" id="reauth-error"><div class="art tiny">${alertArt()}</div><div><p class="alert-title">${input.failure.title}</p><p>${input.failure.body}</p><p class="muted"><code>${input.failure.code}</code></p></div></div>`
    : ''
}
${
  input.signIn
    ? signInForm(lang, input.signIn.action, input.signIn.users, null)
    : html`<section class="card">
  <form method="post" action="${input.actions.approve}"><button type="submit" class="primary">${wt(lang, 'approve')}</button></form>
  <form method="post" action="${input.actions.decline}"><button type="submit" class="secondary">${wt(lang, 'decline')}</button></form>
</section>`
}`,
  )
}

export interface TestUserRow extends WalletUserView {
  /** Already topped up this month (spec §6: once a month). */
  toppedUpThisMonth: boolean
}

export interface TestUsersPageInput {
  merchantName: string
  users: TestUserRow[]
  topUpAction: (userId: string) => string
  notice: { kind: 'success' | 'error'; title: string; body: string } | null
  presetAmounts: number[]
}

/** Test users of a merchant with balances, and the once-a-month top-up (spec §3, §6, §9). */
export function testUsersPage(frame: PageFrame, input: TestUsersPageInput): Html {
  const { lang } = frame
  const notice = input.notice
    ? html`<div class="${input.notice.kind === 'success' ? 'ok' : 'alert'}" role="${input.notice.kind === 'success' ? 'status' : 'alert'}">
    <div><p class="alert-title">${input.notice.title}</p>${input.notice.body ? html`<p>${input.notice.body}</p>` : ''}</div></div>`
    : ''
  return page(
    frame,
    wt(lang, 'testUsersTitle'),
    html`<h1 class="page-title">${wt(lang, 'testUsersTitle')}</h1>
<section class="card center">
  <div class="art small">${coinsArt()}</div>
  <p>${wt(lang, 'testUsersLead', { merchant: input.merchantName })}</p>
</section>
${notice}
${input.users.length === 0 ? html`<section class="card"><p>${wt(lang, 'noTestUsers')}</p></section>` : ''}
<ul class="user-cards" role="list">
${input.users.map(
  (user) => html`<li class="card" data-testid="test-user" data-username="${user.username}">
  <h2 class="user-title">${user.username}</h2>
  <p class="user-balance-line">${wt(lang, 'balance')} <strong data-testid="balance">${formatYen(lang, user.balance)}</strong></p>
  ${
    user.toppedUpThisMonth
      ? html`<p class="muted">${wt(lang, 'topUpUsedThisMonth')}</p>`
      : html`<form method="post" action="${input.topUpAction(user.id)}" class="topup">
    <fieldset>
      <legend>${wt(lang, 'topUp')}</legend>
      <p class="muted">${wt(lang, 'topUpAmount')}</p>
      <div class="presets">${input.presetAmounts.map(
        (amount, index) =>
          html`<label class="chip"><input type="radio" name="amount" value="${amount}" ${index === 0 ? html`checked` : ''}>${formatYen(lang, amount)}</label>`,
      )}</div>
    </fieldset>
    <button type="submit" class="primary">${wt(lang, 'topUpCharge')}</button>
  </form>`
  }
</li>`,
)}
</ul>`,
  )
}

const styles = `
:root{--brand:#ff0033;--brand-strong:#d6002b;--brand-soft:#fff0f3;--text:#2b2b2b;--muted:#5f6368;--surface:#fff;--alt:#f5f6f8;--border:#e3e5e8;--ok:#0a7d3b;--danger:#c4001f;--focus:#1a5fd0}
*,*::before,*::after{box-sizing:border-box}
html{font-family:'Noto Sans JP','Noto Sans CJK JP','Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic',Meiryo,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Liberation Sans','DejaVu Sans',sans-serif;color:var(--text);background:var(--alt);line-height:1.75;-webkit-text-size-adjust:100%}
body{margin:0}
.phone{max-width:420px;margin:0 auto;min-height:100vh;background:var(--alt);display:flex;flex-direction:column}
.skip{position:absolute;left:-999px;top:8px;background:#fff;padding:8px 16px;border-radius:999px;z-index:2}
.skip:focus{left:8px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.bar{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:4px 8px;padding:8px 16px;background:var(--surface);border-bottom:1px solid var(--border)}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:.9375rem;white-space:nowrap}
.langs{display:flex;gap:4px;margin-left:auto;font-size:.875rem}
.langs a{white-space:nowrap;color:var(--muted);text-decoration:none;padding:4px 8px;border-radius:999px}
.langs a[aria-current]{background:var(--brand-soft);color:var(--brand-strong);font-weight:700}
main{flex:1;padding:16px;display:flex;flex-direction:column;gap:16px}
main:focus{outline:none}
.page-title{font-size:1.25rem;margin:0}
h1{font-size:1.25rem;margin:8px 0}
h2{font-size:1rem;margin:0}
.card{background:var(--surface);border-radius:8px;padding:16px;box-shadow:0 2px 8px rgb(0 0 0 / 8%);margin:0}
.card.plain{background:transparent;box-shadow:none;padding:0}
.center{text-align:center}
.art{display:flex;justify-content:center}
.art.small svg{width:64px;height:64px}
.art.tiny svg{width:32px;height:32px}
.center-art{margin-bottom:8px}
.order-head{display:flex;gap:16px;align-items:center;margin-bottom:8px}
.label{color:var(--muted);font-size:.8125rem;margin:0;font-weight:400}
.merchant{font-weight:700;font-size:1.125rem;margin:0}
.items{width:100%;border-collapse:collapse;font-size:.875rem;margin:8px 0}
.items caption{text-align:left;color:var(--muted);font-size:.8125rem}
.items th,.items td{padding:4px 0;border-bottom:1px solid var(--border);text-align:left}
.items .num{text-align:right}
.facts{margin:8px 0;font-size:.875rem}
.facts div{display:flex;justify-content:space-between;gap:16px;padding:4px 0;border-bottom:1px solid var(--border)}
.facts dt{color:var(--muted)}.facts dd{margin:0;text-align:right;word-break:break-all}
.total{display:flex;justify-content:space-between;align-items:baseline;margin:8px 0 0}
.total strong,.big-amount{font-size:1.5rem;font-weight:700}
.big-amount{margin:0}
fieldset{border:0;padding:0;margin:0}
legend{padding:0;margin-bottom:4px}
.users{list-style:none;padding:0;margin:8px 0 16px;display:flex;flex-direction:column;gap:8px}
.user{display:flex;align-items:center;gap:8px;padding:8px 16px;border:1px solid var(--border);border-radius:8px;cursor:pointer}
.user:has(input:checked){border-color:var(--brand);background:var(--brand-soft)}
.user-name{flex:1;font-weight:700}.user-balance{color:var(--muted);font-size:.875rem}
.signed-in .who{display:flex;justify-content:space-between;gap:8px;margin:0 0 4px}
.method{display:flex;justify-content:space-between;margin:0 0 16px}
button,.button{display:block;width:100%;font:inherit;font-family:inherit;font-weight:700;border-radius:999px;padding:12px 16px;border:2px solid transparent;cursor:pointer;text-align:center;text-decoration:none;min-height:48px}
/* white on the brand red is under 4.5:1, so filled buttons use the stronger red (5:1) */
.primary{background:var(--brand-strong);color:#fff}
.primary:hover{background:#b3001f}
.secondary{background:var(--surface);color:var(--text);border-color:var(--border);margin-top:8px}
button.link{background:none;border:0;color:var(--brand-strong);padding:0;min-height:auto;width:auto;text-decoration:underline;font-weight:400}
.alert,.ok{display:flex;gap:8px;border-radius:8px;padding:16px;margin:0}
.alert{background:var(--brand-soft);border:2px solid var(--danger);color:var(--text)}
.ok{background:#e6f4ec;border:2px solid var(--ok)}
.alert p,.ok p{margin:0}
.alert-title{font-weight:700}
.muted{color:var(--muted);font-size:.875rem}
.scopes{padding-left:1.25em}
.user-cards{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:16px}
.user-title{font-size:1.125rem}
.user-balance-line{margin:0 0 8px}
.presets{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0 16px}
.chip{display:inline-flex;align-items:center;gap:4px;border:1px solid var(--border);border-radius:999px;padding:4px 12px;cursor:pointer}
.chip:has(input:checked){border-color:var(--brand);background:var(--brand-soft)}
.note{padding:16px;color:var(--muted);font-size:.75rem;text-align:center}
code{font-family:ui-monospace,'SFMono-Regular',Menlo,Consolas,monospace;font-size:.8125rem}
a{color:var(--brand-strong)}
`
