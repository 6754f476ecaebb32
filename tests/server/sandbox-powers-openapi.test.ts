import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'

/** Issue 14: everything under /sandbox/api/ (and the portal's /dev/v1/sandbox/ calls) is described in /openapi.json. */
describe('sandbox powers in /openapi.json', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite')
  })
  afterAll(() => t.close())

  it('describes every route the app serves under /sandbox/api/ and /dev/v1/sandbox/', async () => {
    const paths = (await t.json('GET', '/openapi.json')).body.paths
    const served = t.app.routes
      .filter((r) => /^\/(sandbox\/api|dev\/v1\/sandbox)\//.test(r.path) && r.method !== 'ALL')
      .map((r) => [r.method.toLowerCase(), r.path.replace(/:(\w+)/g, '{$1}')] as const)
    expect(served.length).toBeGreaterThanOrEqual(6)
    expect(served.filter(([method, path]) => !paths[path]?.[method])).toEqual([])
  })
})
