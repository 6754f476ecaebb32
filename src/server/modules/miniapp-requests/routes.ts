import type { MessageDescriptor } from '@lingui/core'
import { desc } from 'drizzle-orm'
import { Hono } from 'hono'
import { ApiError } from '@/domain/errors.ts'
import { miniappRequestSchema, type MiniappRequest } from '@/domain/miniapp-request.ts'
import type { AppDeps } from '../../deps.ts'
import { t } from '../../i18n.ts'
import { createMailer, type MailMessage } from '../../mail/mailer.ts'
import { miniappRequests } from '../../store/tables/miniapp-requests.ts'
import { jsonIn } from '../../http/validator.ts'
import { describe } from '../../http/openapi.ts'
import { takeRequestMail } from '../../http/request-mail-limit.ts'
import { randomSecret, safeEqual } from '../accounts/crypto.ts'
import { success } from '../../http/answer.ts'
import { escapeHtml } from '../../http/html.ts'

const mailText = {
  subject: /*i18n*/ { id: 'mail.miniappRequest.subject', message: 'We received your mini app request' },
  thanks: /*i18n*/ { id: 'mail.miniappRequest.thanks', message: 'Thank you for your mini app request for {company}. Its reference is {id}.' },
  next: /*i18n*/ {
    id: 'mail.miniappRequest.next',
    message: 'PayLab reviews your company and service. If your application is selected, we contact you individually about the next steps.',
  },
} as const satisfies Record<string, MessageDescriptor>

/** The confirmation, Japanese then English like every mail of the portal (mail/templates.ts). */
export function miniappRequestMail(to: string, id: string, company: string): MailMessage {
  const lines = (lang: 'ja' | 'en') => [t(lang, mailText.thanks, { company, id }), t(lang, mailText.next)]
  const ja = lines('ja')
  const en = lines('en')
  const para = (ls: string[], lang: string) => `<div lang="${lang}">${ls.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</div>`
  return {
    to,
    subject: `[PayLab] ${t('ja', mailText.subject)} / ${t('en', mailText.subject)} (${id})`,
    text: `${ja.join('\n')}\n\n----\n\n${en.join('\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#333">${para(ja, 'ja')}<hr>${para(en, 'en')}<p style="color:#888">PayLab</p></body></html>`,
  }
}

const view = (r: typeof miniappRequests.$inferSelect) => ({
  id: r.id,
  company: r.company,
  contact_name: r.contactName,
  email: r.email,
  service: r.service,
  features: r.features,
  lang: r.lang,
  created_at: r.createdAt.toISOString(),
})

/**
 * The mini-app request form (issue 20; docs/decisions/miniapp-requests.md). `POST` (JSON, from the portal's page;
 * no account needed, as the page is public): validated with the portal's schema, rate-limited per address and per
 * client like the other mails, stored, and confirmed by a bilingual mail. `GET` lists the requests, newest first,
 * to the portal's operators only: `Authorization: Bearer <OPERATOR_TOKEN>`; without a configured token the list is
 * not there at all (404).
 */
export function miniappRequestRoutes(deps: AppDeps) {
  const app = new Hono()
  const mailer = createMailer(deps)

  const request = describe({ tag: 'Content', summary: 'Ask for mini-app access (rate-limited per address and client)' })
  app.post('/', request, jsonIn(miniappRequestSchema), async (c) => {
    const body: MiniappRequest = c.req.valid('json')
    const at = await takeRequestMail(deps, c, 'miniappRequest', body.email)
    const id = `mar_${randomSecret(9)}`
    const [row] = await deps.store.db
      .insert(miniappRequests)
      .values({
        id,
        company: body.company,
        contactName: body.contactName,
        email: body.email,
        service: body.service,
        features: [...new Set(body.features)],
        lang: body.lang,
        createdAt: at,
      })
      .returning()
    try {
      await mailer.send(miniappRequestMail(body.email, id, body.company))
    } catch (error) {
      // the request is kept: the operators see it; only the confirmation failed
      deps.log.error('mini-app request mail failed', { error: String(error), id })
    }
    return success(c, { id: row!.id, created_at: row!.createdAt.toISOString() })
  })

  const list = describe({ tag: 'Content', security: 'bearer', summary: "The mini-app access requests, newest first (the portal's operators: OPERATOR_TOKEN)" })
  app.get('/', list, async (c) => {
    const expected = deps.config.operatorToken
    if (!expected) throw new ApiError('RESOURCE_NOT_FOUND')
    const given = c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1] ?? ''
    if (!safeEqual(given, expected)) throw new ApiError('UNAUTHORIZED')
    const rows = await deps.store.db.select().from(miniappRequests).orderBy(desc(miniappRequests.createdAt)).limit(500)
    c.header('Cache-Control', 'no-store')
    return success(c, { requests: rows.map(view) })
  })

  // miniappRequestsPath (src/domain/miniapp-request.ts), under the /dev/v1 router
  return { devV1: { '/miniappRequests': app } }
}
