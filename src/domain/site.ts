import * as v from 'valibot'
import { under } from './site-paths.ts'

/**
 * Payloads of the site shell (spec §3 menu items, footer, maintenance metadata, analytics events) and the small
 * site configuration the portal reads at start-up. One schema each, shared by the server providers and the portal.
 */

/** The provider's brand slug: `{product}` in spec paths (`/develop/{product}-lab`). */
export const brandSlug = 'paylab'
export const labProducts = [brandSlug] as const
export type LabProduct = (typeof labProducts)[number]

const text = (max = 200) => v.pipe(v.string(), v.minLength(1), v.maxLength(max))
const internalSlug = v.pipe(v.string(), v.maxLength(300), v.regex(/^[a-z0-9][a-zA-Z0-9/_#-]*$|^$/, 'a path without a leading slash'))
const externalUrl = v.pipe(v.string(), v.url(), v.startsWith('https://'))

/** spec §3 menu item: menuType, title, slug.current, authMenuPath, navigationType, externalLink, menuItems, subMenuItems, icon. */
export const menuLinkSchema = v.object({
  menuType: v.picklist(['link', 'tile']),
  title: text(),
  description: v.optional(text(300)),
  navigationType: v.picklist(['internal', 'external']),
  slug: v.optional(v.object({ current: internalSlug })),
  externalLink: v.optional(externalUrl),
  /** A tile that needs a signed-in user (spec §2: logged-out users get the login popup instead). */
  authMenuPath: v.optional(v.boolean(), false),
  icon: v.optional(v.pipe(v.string(), v.maxLength(40))),
})
export type MenuLink = v.InferOutput<typeof menuLinkSchema>

/** A top-menu group: image tiles (`menuItems`) and text links (`subMenuItems`). */
export const topMenuGroupSchema = v.object({
  __i18n_lang: v.picklist(['jp', 'en']),
  menuType: v.literal('group'),
  key: v.picklist(['products', 'develop', 'resources']),
  title: text(),
  menuItems: v.optional(v.array(menuLinkSchema), []),
  subMenuItems: v.optional(v.array(menuLinkSchema), []),
})
export type TopMenuGroup = v.InferOutput<typeof topMenuGroupSchema>

export const footerSchema = v.object({
  __i18n_lang: v.picklist(['jp', 'en']),
  columns: v.array(v.object({ title: text(), links: v.array(menuLinkSchema) })),
  copyright: text(),
  termsOfUse: menuLinkSchema,
  privacy: menuLinkSchema,
})
export type Footer = v.InferOutput<typeof footerSchema>

/** spec §3 maintenance data (component `maintenance.metadata`, first item). */
export const maintenanceSchema = v.object({
  __i18n_lang: v.optional(v.picklist(['jp', 'en'])),
  maintenanceMode: v.boolean(),
  maintenanceDesc: v.optional(v.array(v.string()), []),
})
export type Maintenance = v.InferOutput<typeof maintenanceSchema>

/** `GET /dev/config/site`: host rules, the hashed passcode of preview paths and the error-report endpoint. */
export const siteConfigSchema = v.object({
  miniappsHost: v.nullable(v.string()),
  styleguideHost: v.nullable(v.string()),
  /** SHA-256 hex of the passcode; the value itself never leaves the server. Null: no passcode rule. */
  passcodeSha256: v.nullable(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
  passcodePaths: v.array(v.pipe(v.string(), v.startsWith('/'))),
  errorReportUrl: v.nullable(v.string()),
})
export type SiteConfig = v.InferOutput<typeof siteConfigSchema>

/** `POST /dev/analytics`: one event of the spec (e.g. 'Merchant-creation', category SignUp, with a result code). */
export const analyticsEventSchema = v.object({
  name: text(100),
  category: text(100),
  label: v.optional(v.pipe(v.string(), v.maxLength(200))),
  value: v.optional(v.union([v.pipe(v.string(), v.maxLength(200)), v.pipe(v.number(), v.finite())])),
})
export type AnalyticsEventPayload = v.InferOutput<typeof analyticsEventSchema>

/** Where a menu link leads: an internal `/slug` path or an external URL (opened in a new tab). */
export function menuTarget(link: MenuLink): { kind: 'internal'; path: string } | { kind: 'external'; href: string } | null {
  if (link.navigationType === 'external') return link.externalLink ? { kind: 'external', href: link.externalLink } : null
  return link.slug ? { kind: 'internal', path: `/${link.slug.current}` } : null
}

/**
 * Public tools that sit beside login pages in the menus: the resolver, which the SDKs link every error to. Which pages
 * need a signed-in user is the routes' word (the `_authed` layout route); this list only keeps a content entry that
 * is wrongly flagged `authMenuPath` from gating a public tool.
 */
export const publicToolPaths = ['/develop/resolve'] as const

/**
 * Whether choosing an entry asks a logged-out visitor to sign in (spec §2 header tiles): it is flagged `authMenuPath`
 * and does not lead to a public tool (`publicToolPaths`).
 */
export function asksToSignIn(link: { authMenuPath: boolean }, path: string): boolean {
  return link.authMenuPath && !publicToolPaths.some((p) => under(path, p))
}
