import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '@/domain/site.ts'
import { decideGuard, passcodeSessionKey, runGuard, signInRedirect, splitWebview, type GuardInput } from './guard.ts'

function memoryStorage() {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map }
}

const site: SiteConfig = {
  miniappsHost: 'miniapps.paylab.test',
  styleguideHost: 'design.paylab.test',
  passcodeSha256: createHash('sha256').update('open-sesame').digest('hex'),
  passcodePaths: ['/miniapp'],
  errorReportUrl: null,
}
const visitor: GuardInput = {
  pathname: '/',
  search: {},
  hostname: 'paylab.test',
  maintenanceMode: false,
  site,
  passcodeAccepted: false,
}

describe('route guard (spec §2)', () => {
  it('splits the optional webview segment', () => {
    expect(splitWebview('/webview')).toEqual({ prefix: '/webview', path: '/' })
    expect(splitWebview('/webview/settings')).toEqual({ prefix: '/webview', path: '/settings' })
    expect(splitWebview('/webviews')).toEqual({ prefix: '', path: '/webviews' })
  })

  // which pages need a signed-in user is the routes' to say (the `_authed` layout route: src/web/login-access.test.tsx)
  it.each(['/dashboard/transactions', '/dashboard/home', '/develop/paylab-lab', '/settings'])(
    'sends a visitor without a token from %s to sign-in with a redirect back',
    (pathname) => {
      expect(signInRedirect(pathname, {})).toEqual({
        kind: 'redirect',
        href: `/account/signin?redirect=${encodeURIComponent(pathname)}`,
      })
    },
  )

  it('keeps the webview prefix and the query in the sign-in redirect', () => {
    const decision = signInRedirect('/webview/settings', { tab: 'api-keys' })
    expect(decision).toEqual({ kind: 'redirect', href: `/webview/account/signin?redirect=${encodeURIComponent('/webview/settings?tab=api-keys')}` })
  })

  it("never guards public pages by path (login access is the routes' own)", () => {
    expect(decideGuard({ ...visitor, pathname: '/settings' })).toEqual({ kind: 'allow' })
    for (const pathname of ['/', '/not-found', '/products/docs/qrcode', '/account/signin', '/developers', '/develop/resolve', '/webview/develop/resolve']) {
      expect(decideGuard({ ...visitor, pathname, hostname: 'paylab.test' })).toEqual({ kind: 'allow' })
    }
  })

  it('sends every page but the maintenance page to maintenance while it is on', () => {
    expect(decideGuard({ ...visitor, pathname: '/settings', maintenanceMode: true })).toEqual({ kind: 'redirect', href: '/maintenance' })
    expect(decideGuard({ ...visitor, pathname: '/webview/not-found', maintenanceMode: true })).toEqual({ kind: 'redirect', href: '/webview/maintenance' })
    expect(decideGuard({ ...visitor, pathname: '/maintenance', maintenanceMode: true })).toEqual({ kind: 'allow' })
  })

  it('applies the host rules on the home page only', () => {
    expect(decideGuard({ ...visitor, hostname: 'miniapps.paylab.test' })).toEqual({ kind: 'redirect', href: '/products/mini-apps' })
    expect(decideGuard({ ...visitor, hostname: 'DESIGN.paylab.test' })).toEqual({ kind: 'redirect', href: '/app-styleguide' })
    expect(decideGuard({ ...visitor, hostname: 'design.paylab.test', pathname: '/webview' })).toEqual({ kind: 'redirect', href: '/webview/app-styleguide' })
    expect(decideGuard({ ...visitor, hostname: 'design.paylab.test', pathname: '/app-styleguide' })).toEqual({ kind: 'allow' })
    expect(decideGuard({ ...visitor, hostname: 'miniapps.paylab.test', site: { ...site, miniappsHost: null } })).toEqual({ kind: 'allow' })
  })

  it('sends passcode paths home unless the passcode was accepted', () => {
    expect(decideGuard({ ...visitor, pathname: '/miniapp/docs' })).toEqual({ kind: 'redirect', href: '/' })
    expect(decideGuard({ ...visitor, pathname: '/miniapp/docs', passcodeAccepted: true })).toEqual({ kind: 'allow' })
    expect(decideGuard({ ...visitor, pathname: '/miniapps' })).toEqual({ kind: 'allow' })
    expect(decideGuard({ ...visitor, pathname: '/miniapp', site: { ...site, passcodeSha256: null } })).toEqual({ kind: 'allow' })
  })

  it('checks the passcode query against the hash, remembers it for the session, and saves any query string', async () => {
    const storage = memoryStorage()
    const session = memoryStorage()
    const base = { maintenanceMode: false, site, hostname: 'paylab.test', storage, session }
    expect(await runGuard({ ...base, pathname: '/miniapp/docs', search: { passcode: 'wrong' }, searchStr: '?passcode=wrong' })).toEqual({
      kind: 'redirect',
      href: '/',
    })
    expect(storage.map.get('redirectQueryParams')).toBe('passcode=wrong')
    expect(await runGuard({ ...base, pathname: '/miniapp/docs', search: { passcode: 'open-sesame' }, searchStr: '?passcode=open-sesame' })).toEqual({
      kind: 'allow',
    })
    expect(session.map.get(passcodeSessionKey)).toBe(site.passcodeSha256)
    expect(await runGuard({ ...base, pathname: '/miniapp/docs/getstarted', search: {}, searchStr: '' })).toEqual({ kind: 'allow' })
    expect(storage.map.get('redirectQueryParams')).toBe('passcode=open-sesame')
  })

  it("does not save the account pages' own query, so the visitor's saved query survives until the sign-in uses it", async () => {
    const storage = memoryStorage()
    const base = { maintenanceMode: false, site, accessToken: null, hostname: 'paylab.test', storage, session: memoryStorage() }
    await runGuard({ ...base, pathname: '/products/docs/qrcode', search: { utm_source: 'mail' }, searchStr: '?utm_source=mail' })
    await runGuard({ ...base, pathname: '/account/signin', search: { redirect: '/settings' }, searchStr: '?redirect=%2Fsettings' })
    await runGuard({ ...base, pathname: '/webview/account/signup', search: { x: '1' }, searchStr: '?x=1' })
    expect(storage.map.get('redirectQueryParams')).toBe('utm_source=mail')
  })
})
