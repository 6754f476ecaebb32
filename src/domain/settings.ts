import * as v from 'valibot'
import { isInternalHost, isLoopbackHost } from './merchant-urls.ts'
import { normalizeTyped } from './typed-input.ts'

/**
 * Merchant settings (Settings tab 'Configuration', spec §2, §5, §7): the webhook URL and the domains a WEB_LINK
 * redirectUrl may point to. One source for the server's validation, the sandbox's redirect check and the portal's
 * form. Decisions in docs/dashboard.md.
 */

export { settingsTabs, type SettingsTab } from './settings-tabs.ts'

export const settingsLimits = { maxRedirectDomains: 20, maxHostLength: 253, maxUrlLength: 2048 } as const

const localHosts = ['localhost', '127.0.0.1', '[::1]']

/**
 * HTTPS to a public host, or this machine (local development: the sandbox does not post there itself,
 * `npm run sandbox:forward` delivers; docs/webhooks.md); never private, link-local or metadata addresses.
 */
export function isWebhookUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (isInternalHost(url.hostname) && !isLoopbackHost(url.hostname)) return false
  return url.protocol === 'https:' || (url.protocol === 'http:' && localHosts.includes(url.hostname))
}

/** A host name: dot-separated labels of letters, digits and hyphens (no scheme, port, path or wildcard). */
const hostPattern = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/
export const isHostName = (value: string) => hostPattern.test(value) && !/^[\d.]+$/.test(value)

/** Reads full-width as ASCII (NFKC), lowercases, trims and drops duplicates (order kept). */
export const normaliseDomains = (domains: readonly string[]) => [...new Set(domains.map((d) => normalizeTyped(d).toLowerCase()).filter(Boolean))]

/** A host matches a listed domain when it is the domain or one of its sub-domains. */
export const hostOnList = (host: string, domains: readonly string[]) => domains.some((d) => host === d || host.endsWith(`.${d}`))

/**
 * Spec §5: a WEB_LINK redirect must be HTTPS with its domain on the merchant's allowed list. An empty list allows
 * any HTTPS host (a new merchant has configured nothing yet); plain HTTP is allowed only to localhost, and once a
 * list exists only when `localhost` is on it.
 */
export function isRedirectAllowed(redirectUrl: string, domains: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(redirectUrl)
  } catch {
    return false
  }
  const host = url.hostname.toLowerCase()
  if (url.protocol === 'http:') return localHosts.includes(host) && (domains.length === 0 || domains.includes('localhost'))
  if (url.protocol !== 'https:') return false
  return domains.length === 0 || hostOnList(host, domains)
}

export const webhookUrlSchema = v.pipe(
  v.string(),
  // as typed: full-width ｈｔｔｐｓ：／／… is the ASCII address (issue 20)
  v.transform((value: string) => normalizeTyped(value)),
  v.maxLength(settingsLimits.maxUrlLength),
  v.check(isWebhookUrl, 'The webhook URL must be https:// (or http://localhost for local development).'),
)

export const redirectDomainsSchema = v.pipe(
  v.array(v.pipe(v.string(), v.maxLength(settingsLimits.maxHostLength))),
  v.transform((list: string[]) => normaliseDomains(list)),
  v.maxLength(settingsLimits.maxRedirectDomains, `At most ${settingsLimits.maxRedirectDomains} domains.`),
  v.check((list) => list.every(isHostName), 'Each entry must be a host name such as shop.example.com (no scheme, port or path).'),
)

export const updateSettingsRequest = v.pipe(
  v.object({
    webhook_url: v.optional(v.nullable(v.union([v.literal(''), webhookUrlSchema]))),
    redirect_domains: v.optional(redirectDomainsSchema),
    /** Spec §4: paid test QR payments cancel themselves a minute later (on by default; docs/sandbox-powers.md). */
    qr_auto_cancel: v.optional(v.boolean()),
  }),
  v.check((b) => b.webhook_url !== undefined || b.redirect_domains !== undefined || b.qr_auto_cancel !== undefined, 'Nothing to update.'),
)

export const settingsData = v.object({
  merchant_id: v.string(),
  webhook_url: v.nullable(v.string()),
  redirect_domains: v.array(v.string()),
  qr_auto_cancel: v.boolean(),
  updated_at: v.nullable(v.string()),
})
