import type { Transporter } from 'nodemailer'
import type { AppDeps } from '../deps.ts'
import { accountRepo } from '../store/account-repo.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  /** Delivers one mail; rejects when the SMTP server refuses it (the caller turns that into an API error). */
  send(message: MailMessage): Promise<{ via: 'smtp' | 'outbox' }>
}

const transports = new Map<string, Transporter>()

/**
 * Mail goes to `SMTP_URL` when it is set; otherwise it lands in the local outbox (database) shown at
 * /sandbox/mailbox, so a newcomer can finish sign-up offline. With SMTP configured nothing is copied locally:
 * OTPs and reset links must not be readable by anyone but the addressee.
 */
export function createMailer(deps: AppDeps): Mailer {
  return {
    async send(message) {
      const url = deps.config.smtpUrl
      if (url) {
        let transport = transports.get(url)
        if (!transport) {
          // loaded only when SMTP is configured and a mail is sent, not at every start
          const { default: nodemailer } = await import('nodemailer')
          transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
          transports.set(url, transport)
        }
        await transport.sendMail({ from: deps.config.mailFrom, ...message })
        deps.log.info('mail sent', { via: 'smtp', subject: message.subject })
        return { via: 'smtp' }
      }
      await accountRepo(deps.store.db).insertMail({ ...message, now: deps.clock.now() })
      deps.log.info('mail stored in outbox', { subject: message.subject })
      return { via: 'outbox' }
    },
  }
}
