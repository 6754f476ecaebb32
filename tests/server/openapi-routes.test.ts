import { Hono } from 'hono'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describe as describeOperation, openApiDocument, page, routeDescriptions } from '@/server/http/openapi.ts'
import { queryIn } from '@/server/http/validator.ts'
import { createTestApp, type TestApp } from '../support/app.ts'

/** Issue 19: `/openapi.json` comes from the routes' own descriptions, and no API route goes without one. */
describe('/openapi.json from the routes', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite')
  })
  afterAll(() => t.close())

  it('describes every route the app serves under /v1, /v2, /dev and /sandbox; only the HTML pages are left out', async () => {
    const paths = (await t.json('GET', '/openapi.json')).body.paths
    const routes = routeDescriptions(t.app).filter((r) => /^\/(v1|v2|dev|sandbox)(\/|$)/.test(r.path))
    const name = (r: { method: string; path: string }) => `${r.method} ${r.path}`
    expect(routes.length).toBeGreaterThan(100)
    // a route without describe(…) or page(…) beside it
    expect(routes.filter((r) => !r.described).map(name)).toEqual([])
    const documented = (r: { method: string; path: string }) => paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()]
    expect(routes.filter((r) => !r.hidden && !documented(r)).map(name)).toEqual([])
    // what is left out are the simulated wallet's pages and the mailbox page
    expect(routes.filter((r) => r.hidden && !/^\/sandbox\/(cashier|authorize|reauthorize|merchants|mailbox)(\/|$)/.test(r.path)).map(name)).toEqual([])
  })

  it('names a route without a description, and takes request parts from the edge validators', async () => {
    const app = new Hono()
    app.get('/v1/described', describeOperation({ tag: 'Content', summary: 'Described' }), queryIn(v.object({ q: v.string() })), (c) => c.json({}))
    app.get('/v1/page', page('A page'), (c) => c.html(''))
    app.get('/v1/forgotten', queryIn(v.object({ q: v.string() })), (c) => c.json({}))
    expect(routeDescriptions(app).map((r) => [r.path, r.described, r.hidden])).toEqual([
      ['/v1/described', true, false],
      ['/v1/page', true, true],
      ['/v1/forgotten', false, false],
    ])
    const doc = (await openApiDocument(app)) as { paths: Record<string, Record<string, { summary: string; parameters: unknown[] }>> }
    expect(Object.keys(doc.paths)).toEqual(['/v1/described'])
    expect(doc.paths['/v1/described']!.get!.parameters).toEqual([{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }])
  })
})
