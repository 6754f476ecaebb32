import type { MessageDescriptor } from '@lingui/core'
import { Hono } from 'hono'
import * as v from 'valibot'
import { emailSchema } from '@/domain/account-validation.ts'
import { ApiError } from '@/domain/errors.ts'
import { mailOrigin } from '../../config.ts'
import type { AppDeps } from '../../deps.ts'
import { t } from '../../i18n.ts'
import { createMailer, type MailMessage } from '../../mail/mailer.ts'
import { jsonIn } from '../../http/validator.ts'
import { describe } from '../../http/openapi.ts'
import { takeRequestMail } from '../../http/request-mail-limit.ts'
import { success } from '../../http/answer.ts'
import { escapeHtml } from '../../http/html.ts'

const mailText = {
  subject: /*i18n*/ { id: 'mail.signupLink.subject', message: 'Continue signing up on a larger screen' },
  lead: /*i18n*/ { id: 'mail.signupLink.lead', message: 'Open this link on a computer or a tablet to create your PayLab developer account:' },
  why: /*i18n*/ {
    id: 'mail.signupLink.why',
    message: 'You asked for it on a phone, where sign-up is not available. If you did not ask for it, you can ignore this mail.',
  },
} as const satisfies Record<string, MessageDescriptor>

/** The mail with the sign-up link, Japanese then English like every mail of the portal (mail/templates.ts). */
export function signupLinkMail(to: string, link: string): MailMessage {
  const text = (lang: 'ja' | 'en') => ({ subject: t(lang, mailText.subject), lead: t(lang, mailText.lead), why: t(lang, mailText.why) })
  const ja = text('ja')
  const en = text('en')
  const a = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
  const part = (x: typeof ja, lang: string) => `<div lang="${lang}"><p>${escapeHtml(x.lead)}</p><p>${a}</p><p>${escapeHtml(x.why)}</p></div>`
  return {
    to,
    subject: `[PayLab] ${ja.subject} / ${en.subject}`,
    text: `${ja.lead}\n${link}\n${ja.why}\n\n----\n\n${en.lead}\n${link}\n${en.why}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#333">${part(ja, 'ja')}<hr>${part(en, 'en')}<p style="color:#888">PayLab</p></body></html>`,
  }
}

/**
 * Issue 20: on a phone sign-up is refused (spec §2), so home offers to mail the sign-up link to open on a larger
 * screen. JSON `{ email }`; the mail goes through the portal's mailer (SMTP, or the outbox at /sandbox/mailbox).
 * Rate-limited like the other mails, per address and per client (`limits.requestMails`, the attempt counter of the
 * account calls): over either, 429 RATE_LIMIT with `retry_after_seconds` and nothing is sent.
 */
export function signupLinkRoutes(deps: AppDeps) {
  const app = new Hono()
  const mailer = createMailer(deps)

  const link = describe({ tag: 'Account', summary: 'Mail the sign-up link to open on a larger screen (rate-limited per address and client)' })
  app.post('/', link, jsonIn(v.object({ email: emailSchema })), async (c) => {
    const { email } = c.req.valid('json')
    await takeRequestMail(deps, c, 'signupLink', email)
    try {
      await mailer.send(signupLinkMail(email, `${mailOrigin(deps.config)}/account/signup`))
    } catch (error) {
      deps.log.error('sign-up link mail failed', { error: String(error) })
      throw new ApiError('INTERNAL_SERVER_ERROR')
    }
    return success(c, { sent: true })
  })

  // signupLinkPath (src/domain/signup-link.ts), under the /dev/v1 router
  return { devV1: { '/signupLink': app } }
}
