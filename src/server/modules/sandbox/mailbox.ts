import type { MessageDescriptor } from '@lingui/core'
import { ApiError, successInfo } from '@/domain/errors.ts'
import { Hono, type MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { clientAddressOf, isLoopback } from '../../client.ts'
import type { AppDeps } from '../../deps.ts'
import { t } from '../../i18n.ts'
import { safeEqual } from '../accounts/crypto.ts'
import { accountRepo, type OutboxMail } from '../../store/account-repo.ts'
import { queryIn } from '../../http/validator.ts'
import { describe, page as mailboxPage } from '../../http/openapi.ts'
import { escapeHtml } from '../../http/html.ts'

const mailboxQuery = v.object({
  token: v.optional(v.pipe(v.string(), v.maxLength(512))),
  format: v.optional(v.picklist(['html', 'json'])),
  to: v.optional(v.pipe(v.string(), v.maxLength(254))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(200))),
})

/** The OTP and the first link of a mail, so a test (or a hurried reader) need not parse the body. */
function extract(mail: OutboxMail) {
  const otp = /(?:one-time password[^\n]*?is|ワンタイムパスワードは)\s*(\d{4})\b/i.exec(mail.text)?.[1] ?? null
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? null
  return { otp, link }
}

/** The mailbox page's words (server catalog), shown in both languages side by side like the mails themselves. */
const mailboxText = {
  title: /*i18n*/ { id: 'mailbox.title', message: 'Sandbox mailbox' },
  lead: /*i18n*/ {
    id: 'mailbox.lead',
    message: 'While no SMTP server is configured, the mail PayLab sends (one-time passwords, password resets) lands here, newest first.',
  },
  to: /*i18n*/ { id: 'mailbox.to', message: 'To' },
  date: /*i18n*/ { id: 'mailbox.date', message: 'Date' },
  empty: /*i18n*/ { id: 'mailbox.empty', message: 'No mail yet.' },
  smtpNote: /*i18n*/ { id: 'mailbox.smtpNote', message: 'SMTP_URL is set: mail goes to the SMTP server and is not kept here.' },
} as const satisfies Record<string, MessageDescriptor>
const ja = (key: keyof typeof mailboxText) => escapeHtml(t('ja', mailboxText[key]))
const en = (key: keyof typeof mailboxText) => escapeHtml(t('en', mailboxText[key]))

function render(mails: OutboxMail[], smtpConfigured: boolean, token: string | undefined): string {
  const tokenQuery = token ? `&amp;token=${escapeHtml(encodeURIComponent(token))}` : ''
  const items = mails
    .map(
      (m) => `<li><article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p><span lang="ja">${ja('to')}</span> / <span lang="en">${en('to')}</span>: ${escapeHtml(m.to)}<br>
  <span lang="ja">${ja('date')}</span> / <span lang="en">${en('date')}</span>: <time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString()}</time></p>
  <pre>${escapeHtml(m.text)}</pre>
</article></li>`,
    )
    .join('\n')
  const empty = `<p><span lang="ja">${ja('empty')}</span> / <span lang="en">${en('empty')}</span></p>`
  const smtpNote = smtpConfigured ? `<p><span lang="ja">${ja('smtpNote')}</span><br><span lang="en">${en('smtpNote')}</span></p>` : ''
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${ja('title')} / ${en('title')} — PayLab</title>
<style>body{font-family:system-ui,"Noto Sans JP",sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#333;line-height:1.6}
ol{list-style:none;padding:0}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem}
h2{font-size:1.05rem;margin:0 0 .5rem}pre{white-space:pre-wrap;background:#f6f6f6;padding:.75rem;border-radius:8px}</style></head>
<body><h1><span lang="ja">${ja('title')}</span> / <span lang="en">${en('title')}</span></h1>
<p><span lang="ja">${ja('lead')}</span><br>
<span lang="en">${en('lead')}</span>
<a href="?format=json${tokenQuery}">JSON</a></p>
${smtpNote}
${mails.length ? `<ol>${items}</ol>` : empty}
</body></html>`
}

/**
 * The mailbox holds every OTP and reset link: it answers loopback clients, and others only when MAILBOX_TOKEN
 * is set and presented (`Authorization: Bearer <token>` or `?token=`). Anyone else gets 404, as if there were
 * no mailbox.
 */
export function mailboxGuard(mailboxToken: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (isLoopback(clientAddressOf(c))) return next()
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
    const presented = bearer ?? c.req.query('token')
    if (mailboxToken && presented !== undefined && safeEqual(presented, mailboxToken)) return next()
    throw new ApiError('RESOURCE_NOT_FOUND')
  }
}

/** GET /sandbox/mailbox (HTML, no JavaScript needed), /sandbox/mailbox.json and ?format=json. */
export function mailboxRoutes(deps: AppDeps) {
  /** `/sandbox/mailbox` and `/sandbox/mailbox.json` (two URL prefixes, paths relative to them). */
  const page = new Hono()
  const json = new Hono()
  page.use(mailboxGuard(deps.config.mailboxToken))
  json.use(mailboxGuard(deps.config.mailboxToken))
  const list = async (to: string | undefined, limit: number | undefined) => {
    const mails = await accountRepo(deps.store.db).listMail(to ? 200 : (limit ?? 50))
    const filtered = to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : mails
    return filtered.slice(0, limit ?? 50)
  }
  const asJson = (mails: OutboxMail[]) => ({
    resultInfo: successInfo(),
    data: {
      smtpConfigured: Boolean(deps.config.smtpUrl),
      mails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, createdAt: m.createdAt.toISOString(), ...extract(m) })),
    },
  })
  const outbox = describe({
    tag: 'Sandbox',
    summary: 'The local outbox as JSON, newest first (loopback clients only, or MAILBOX_TOKEN)',
  })
  json.get('/', outbox, queryIn(mailboxQuery), async (c) => {
    const q = c.req.valid('query')
    c.header('Cache-Control', 'no-store')
    return c.json(asJson(await list(q.to, q.limit)))
  })
  page.get('/', mailboxPage('The local outbox (HTML; format=json answers JSON)'), queryIn(mailboxQuery), async (c) => {
    const q = c.req.valid('query')
    c.header('Cache-Control', 'no-store')
    const mails = await list(q.to, q.limit)
    if (q.format === 'json') return c.json(asJson(mails))
    return c.html(render(mails, Boolean(deps.config.smtpUrl), q.token))
  })
  return { '/mailbox': page, '/mailbox.json': json }
}
