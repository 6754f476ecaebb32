import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'

/** The built portal as the server hands it out: index.html for every page route, hashed assets cached for good. */
describe('web serving', () => {
  let t: TestApp
  let dist: string
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'paylab-web-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>PayLab</title><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')
    t = await createTestApp('pglite', { webDist: dist })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('answers a page route with index.html, never cached', async () => {
    const res = await t.app.request('/products/docs/webpayment')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toContain('<div id="root">')
  })

  it('answers HEAD on a page route like GET, without a body (link checkers, uptime probes)', async () => {
    const res = await t.app.request('/products/docs/webpayment', { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toBe('')
  })

  it('serves hashed assets with a year of immutable caching', async () => {
    const res = await t.app.request('/assets/app-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('keeps API paths out of the fallback: an unknown API path is a 404 in the error shape', async () => {
    const res = await t.json('GET', '/dev/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.body.resultInfo.code).toBe('RESOURCE_NOT_FOUND')
  })
})
