import { html } from 'hono/html'
import type { Lang } from '@/domain/i18n.ts'
import { alertArt, canceledArt, coinsArt, linkArt, receiptArt, successArt } from './art.ts'
import { describeScope, formatDateTime, formatYen, wt, type WalletTextKey } from './text.ts'
import { page, type Html, type PageFrame } from './layout.ts'

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
