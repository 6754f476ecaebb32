import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { storeKinds } from '../support/store.ts'

describe.each(storeKinds())('site shell API [%s]', (kind) => {
  let t: TestApp & { lines: string[] }
  beforeAll(async () => {
    t = await createTestApp(kind, {
      miniappsHost: 'miniapps.paylab.test',
      styleguideHost: 'design.paylab.test',
      sitePasscode: 'open-sesame',
      passcodePaths: ['/miniapp'],
    })
  })
  afterAll(() => t.close())

  it('serves the site configuration with the passcode only as a hash', async () => {
    const res = await t.json('GET', '/dev/config/site')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      miniappsHost: 'miniapps.paylab.test',
      styleguideHost: 'design.paylab.test',
      passcodeSha256: createHash('sha256').update('open-sesame').digest('hex'),
      passcodePaths: ['/miniapp'],
      errorReportUrl: null,
    })
    expect(JSON.stringify(res.body)).not.toContain('open-sesame')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('serves the top menu and footer per language from the content files', async () => {
    const ja = await t.json('GET', '/dev/config/v2/components?type=topMenu&type=footer&lang=jp')
    const en = await t.json('GET', '/dev/config/v2/components?type=topMenu&type=footer&lang=en')
    expect(ja.status).toBe(200)
    expect(ja.body.data.topMenu.map((g: { key: string }) => g.key)).toEqual(['products', 'develop', 'resources'])
    expect(en.body.data.topMenu.map((g: { title: string }) => g.title)).toEqual(['Products', 'Develop', 'Resources'])
    expect(ja.body.data.topMenu[0]).toMatchObject({ __i18n_lang: 'jp', title: 'プロダクト' })
    const products = en.body.data.topMenu[0].subMenuItems.map((l: { slug: { current: string } }) => l.slug.current)
    expect(products).toEqual(['products/docs/webpayment', 'products/docs/nativepayment', 'products/docs/qrcode', 'products/docs/appinvoke'])
    const develop = en.body.data.topMenu[1]
    // the tools that need an account ask for it; the resolver is public (docs/dashboard.md), so its tile does not
    const gated = (group: { menuItems: { slug: { current: string }; authMenuPath: boolean }[] }) =>
      Object.fromEntries(group.menuItems.map((tile) => [tile.slug.current, tile.authMenuPath]))
    expect(gated(develop)).toEqual({ 'develop/paylab-lab': true, 'develop/resolve': false, 'dashboard/transactions': true })
    expect(gated(ja.body.data.topMenu[1])).toEqual(gated(develop))
    expect(en.body.data.footer).toHaveLength(1)
    expect(en.body.data.footer[0]).toMatchObject({
      __i18n_lang: 'en',
      termsOfUse: { slug: { current: 'terms-of-use' } },
      privacy: { navigationType: 'internal', slug: { current: 'privacy' } },
    })
    expect(ja.body.data.footer[0].columns.length).toBe(en.body.data.footer[0].columns.length)
  })

  it('forwards a valid analytics event to the sink', async () => {
    const res = await t.json('POST', '/dev/analytics', { name: 'Merchant-creation', category: 'SignUp', label: 'result', value: 'SUCCESS' })
    expect(res.status).toBe(200)
    expect(t.deps.analytics.recent().at(-1)).toEqual({ name: 'Merchant-creation', category: 'SignUp', label: 'result', value: 'SUCCESS' })
  })

  it('rejects a malformed analytics event and tracks nothing', async () => {
    const before = t.deps.analytics.recent().length
    const res = await t.json('POST', '/dev/analytics', { name: '', category: 'SignUp', value: { nested: true } })
    expect(res.status).toBe(400)
    expect(res.body.resultInfo.code).toBe('INVALID_PARAMS')
    expect(t.deps.analytics.recent().length).toBe(before)
  })
})
