import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TtlLruCache } from '../../src/server/content/cache.ts'
import { library, loadLibrary } from '../../src/server/content/library.ts'
import { buildSearchIndex, tokenize } from '../../src/server/content/search.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { bearer, signUp } from './accounts-helpers.ts'
import { storeKinds } from '../support/store.ts'

describe.each(storeKinds())('content API [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
    await library() // parsing every file takes seconds on a busy machine; pay it once, outside the tests
  }, 180_000)
  afterAll(() => t.close())

  it('serves a product doc page by slug in Japanese and English with its TOC and blocks', async () => {
    const ja = await t.json('GET', '/dev/config/pages?type=openPaymentApi&slug=webpayment&lang=jp')
    const en = await t.json('GET', '/dev/config/pages?type=openPaymentApi&slug=webpayment&lang=en')
    expect(ja.status).toBe(200)
    expect(ja.body.resultInfo.code).toBe('SUCCESS')
    expect(ja.body.data).toMatchObject({ type: 'openPaymentApi', slug: 'webpayment', __i18n_lang: 'jp' })
    expect(en.body.data.__i18n_lang).toBe('en')
    expect(ja.body.data.title).not.toBe(en.body.data.title)
    expect(ja.body.data.toc.length).toBeGreaterThan(0)
    expect(ja.body.data.sections.length).toBeGreaterThan(0)
    expect(ja.body.data).not.toHaveProperty('file')
  })

  it('compresses content for clients that accept gzip, and sends it plain to the others', async () => {
    const path = '/dev/config/pages?type=openPaymentApi&slug=webpayment&lang=jp'
    const zipped = await t.app.request(path, { headers: { 'accept-encoding': 'gzip' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    const bytes = Buffer.from(await zipped.arrayBuffer())
    const plain = await t.app.request(path)
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    expect(bytes.length).toBeLessThan(text.length / 4)
    expect(gunzipSync(bytes).toString('utf8')).toBe(text)
  })

  it('lists the pages of a type when no slug is given', async () => {
    const res = await t.json('GET', '/dev/config/pages?type=openPaymentApi&lang=en')
    expect(res.status).toBe(200)
    const slugs = res.body.data.map((p: { slug: string }) => p.slug)
    expect(slugs).toEqual(expect.arrayContaining(['index', 'webpayment', 'qrcode']))
    expect(res.body.data[0]).not.toHaveProperty('sections')
  })

  it('gives the text of a protected page to signed-in developers only, and keeps it out of search', async () => {
    const path = '/dev/config/pages?type=openPaymentApi&slug=golive&lang=en'
    const visitor = await t.json('GET', path)
    expect(visitor.status).toBe(200)
    expect(visitor.body.data).toMatchObject({ protected: true, title: 'Going live', sections: [], toc: [] })
    const { token } = await signUp(t)
    const member = await t.json('GET', path, undefined, bearer(token))
    expect(member.body.data.sections.length).toBeGreaterThan(0)
    expect(member.body.data.toc.map((e: { id: string }) => e.id)).toContain('activation')
    const stale = await t.json('GET', path, undefined, bearer('x'.repeat(40)))
    expect(stale.status).toBe(401)
    expect(stale.body.resultInfo.code).toBe('UNAUTHORIZED')
    // a word of its body finds nothing; its title still finds it
    const body = await t.json('GET', '/dev/config/search?searchText=payouts&lang=en')
    expect(body.body.data.map((r: { slug: string }) => r.slug)).not.toContain('products/docs/golive')
    const title = await t.json('GET', '/dev/config/search?searchText=going%20live&lang=en')
    expect(title.body.data.map((r: { slug: string }) => r.slug)).toContain('products/docs/golive')
  })

  it('answers an unknown slug with 404 in the error shape and a bad type with 400', async () => {
    const missing = await t.json('GET', '/dev/config/pages?type=openPaymentApi&slug=no-such-page&lang=en')
    expect(missing.status).toBe(404)
    expect(missing.body.resultInfo).toMatchObject({ code: 'RESOURCE_NOT_FOUND', codeId: '08100007' })
    const bad = await t.json('GET', '/dev/config/pages?type=nonsense&slug=webpayment')
    expect(bad.status).toBe(400)
    const traversal = await t.json('GET', '/dev/config/pages?type=page&slug=..%2F..%2Fpackage')
    expect(traversal.status).toBe(404)
  })

  it('finds pages by a Japanese word inside a sentence and by an English word, and nothing for nonsense', async () => {
    const ja = await t.json('GET', `/dev/config/search?searchText=${encodeURIComponent('決済')}&lang=jp`)
    expect(ja.status).toBe(200)
    expect(ja.body.data.map((r: { slug: string }) => r.slug)).toContain('products/docs/webpayment')
    expect(ja.body.data[0]).toEqual({ title: expect.any(String), description: expect.any(String), slug: expect.any(String) })
    const en = await t.json('GET', '/dev/config/search?searchText=cashier&lang=en')
    expect(en.body.data.map((r: { slug: string }) => r.slug)).toContain('products/docs/webpayment')
    const none = await t.json('GET', '/dev/config/search?searchText=zqxjvkwpq&lang=en')
    expect(none.body.data).toEqual([])
  })

  it('searches full-width words as the ASCII they mean (issue 20: ｑｒ finds what qr finds)', async () => {
    for (const lang of ['jp', 'en']) {
      const ascii = await t.json('GET', `/dev/config/search?searchText=qr&lang=${lang}`)
      const wide = await t.json('GET', `/dev/config/search?searchText=${encodeURIComponent('ｑｒ　')}&lang=${lang}`)
      expect(ascii.body.data.length).toBeGreaterThan(0)
      expect(wide.body.data).toEqual(ascii.body.data)
    }
  })

  it('extends the components call with products, leftMenu, homepage and miniapp', async () => {
    const res = await t.json('GET', '/dev/config/v2/components?type=products&type=leftMenu&type=homepage&type=miniapp&lang=en')
    expect(res.status).toBe(200)
    expect(res.body.data.products.map((p: { slug: string }) => p.slug)).toContain('webpayment')
    expect(res.body.data.products[0].__i18n_lang).toBe('en')
    expect(Array.isArray(res.body.data.leftMenu)).toBe(true)
    expect(Array.isArray(res.body.data.homepage)).toBe(true)
    expect(Array.isArray(res.body.data.miniapp)).toBe(true)
  })

  it('serves webinar videos and design-system pages per language', async () => {
    const webinar = await t.json('GET', '/dev/webinarVideos/content?lang=en')
    expect(webinar.status).toBe(200)
    expect(Array.isArray(webinar.body.data.videos)).toBe(true)
    const ds = await t.json('GET', '/dev/designSystem/content?lang=jp')
    expect(ds.status).toBe(200)
    expect(Array.isArray(ds.body.data)).toBe(true)
  })

  it('describes itself in OpenAPI 3.1 generated from the validation schemas', async () => {
    const res = await t.json('GET', '/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    const createAccount = res.body.paths['/v1/dpSignup/createAccount'].post
    expect(createAccount.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'password']))
    const createCode = res.body.paths['/v2/codes'].post
    expect(createCode.security).toEqual([{ opaAuth: [] }])
    expect(createCode.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['merchantPaymentId', 'amount', 'codeType']))
    expect(res.body.paths['/v2/payments/{merchantPaymentId}'].get.parameters[0]).toMatchObject({ name: 'merchantPaymentId', in: 'path', required: true })
    const pages = res.body.paths['/dev/config/pages'].get
    expect(pages.parameters.map((p: { name: string }) => p.name)).toEqual(['type', 'slug', 'lang'])
  })
})

describe('content cache', () => {
  it('keeps at most N entries, dropping the least recently used', () => {
    let now = 0
    const cache = new TtlLruCache<number>(2, 1000, () => now)
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1) // a is now the most recent
    cache.set('c', 3)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe(1)
    expect(cache.get('c')).toBe(3)
    expect(cache.size).toBe(2)
    now = 5
  })

  it('expires entries after the TTL measured on the injected clock', async () => {
    let now = 0
    const cache = new TtlLruCache<string>(500, 30 * 60_000, () => now)
    let loads = 0
    const load = () => `v${++loads}`
    expect(await cache.getOrLoad('k', load)).toBe('v1')
    now = 30 * 60_000 - 1
    expect(await cache.getOrLoad('k', load)).toBe('v1')
    now = 30 * 60_000
    expect(await cache.getOrLoad('k', load)).toBe('v2')
  })
})

describe('search tokenizer and ranking', () => {
  it('splits CJK runs into bigrams and Latin text into lowercased words', () => {
    expect(tokenize('Web決済を作成')).toEqual(['決済', '済を', 'を作', '作成', 'web'])
    expect(tokenize('OPA-Auth header')).toEqual(['opa', 'auth', 'header'])
  })

  it('ranks a title match above a body match', async () => {
    const root = mkdtempSync(join(tmpdir(), 'paylab-content-'))
    for (const lang of ['ja', 'en']) {
      mkdirSync(join(root, lang, 'products/docs'), { recursive: true })
      writeFileSync(join(root, lang, 'products/docs/a.md'), '---\ntitle: Refunds\ndescription: Money back.\n---\nNothing about it.\n')
      writeFileSync(join(root, lang, 'products/docs/b.md'), '---\ntitle: Payments\ndescription: Paying.\n---\nYou can also do refunds here, refunds.\n')
    }
    const index = buildSearchIndex(await loadLibrary(root))
    expect(index.search('en', 'refunds').map((r) => r.slug)).toEqual(['products/docs/a', 'products/docs/b'])
  })

  it('fails loudly naming the file when content is broken', async () => {
    const root = mkdtempSync(join(tmpdir(), 'paylab-content-'))
    mkdirSync(join(root, 'en', 'pages'), { recursive: true })
    writeFileSync(join(root, 'en', 'pages/about.md'), '---\ntitle: About\n---\n')
    await expect(loadLibrary(root)).rejects.toThrow(/en\/pages\/about\.md/)
  })
})

describe('the real content library', () => {
  it('loads every file in both languages, and every page exists in both', async () => {
    const lib = await library()
    const keys = (lang: 'ja' | 'en') =>
      lib
        .pages(lang)
        .map((p) => `${p.type}.${p.slug}`)
        .sort()
    expect(keys('ja').length).toBeGreaterThan(0)
    expect(keys('ja')).toEqual(keys('en'))
  })
})
