import { createMemoryHistory } from '@tanstack/react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { activate, browserI18n } from './lib/i18n.ts'
import { createQueryClient } from './providers.tsx'
import { createAppRouter, isLoginAccess } from './router.tsx'

/**
 * spec §2 login access, declared by the routes: the pages under the `_authed` layout route (routes/{-$webview}/_authed.tsx)
 * and only those need a signed-in user; a visitor without a session is sent to sign-in with a redirect back. The server
 * renderer asks the same matches whether a page may be kept in its page cache (entry-server.tsx).
 */
const loginPages = ['/dashboard/home', '/dashboard/transactions', '/dashboard/sandbox', '/develop/paylab-lab', '/develop/qrcode-lab', '/settings']
const publicPages = ['/', '/not-found', '/products/docs/qrcode', '/account/signin', '/about', '/develop/resolve', '/webview/develop/resolve', '/terms-of-use']

const matchesOf = (href: string) => {
  const router = createAppRouter({ queryClient: createQueryClient(), i18n: browserI18n })
  const location = router.buildLocation({ to: href })
  return router.matchRoutes(location)
}

describe('login access (spec §2)', () => {
  beforeAll(() => activate('ja'))

  it.each(loginPages.flatMap((path) => [path, `/webview${path}`]))('%s is a login-access page, at the same address', (path) => {
    const matches = matchesOf(path)
    expect(isLoginAccess(matches)).toBe(true)
    expect(matches[matches.length - 1]!.pathname).toBe(path)
  })

  it.each(publicPages)('%s is public (the resolver too: the SDKs link every error to it)', (path) => {
    expect(isLoginAccess(matchesOf(path))).toBe(false)
  })

  it('keeps the webview check of the first segment: an unknown one is no page, not the home page', async () => {
    const router = createAppRouter({ queryClient: createQueryClient(), i18n: browserI18n })
    router.update({ ...router.options, history: createMemoryHistory({ initialEntries: ['/no-such-page'] }) })
    await router.load()
    expect(router.state.matches.map((match) => match.routeId)).not.toContain('/{-$webview}/')
  })

  it.each(['/settings?tab=api-keys', '/webview/dashboard/transactions'])(
    'sends a visitor without a session from %s to sign-in with a redirect back',
    async (href) => {
      const router = createAppRouter({ queryClient: createQueryClient(), i18n: browserI18n })
      router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [href] }) })
      await router.load()
      const prefix = href.startsWith('/webview') ? '/webview' : ''
      expect(router.state.location.pathname).toBe(`${prefix}/account/signin`)
      expect(router.state.location.search).toEqual({ redirect: href })
    },
  )
})
