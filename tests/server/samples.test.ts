import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { javaSampleClass, sampleFile, sampleHelpers, sampleOptions } from '@/domain/sample-catalogue.ts'
import { createTestApp, type TestApp } from '../support/app.ts'

/**
 * The catalogue's samples (samples/<option>/<language>, issue 13) really call the sandbox: each one is run as a
 * user would run it, against this server on a port, with only PAYLAB_BASE_URL (and a linked user where the
 * option needs one) in the environment. Node.js and shell always; Python, Java (javac) and PHP when the machine
 * has them. The languages that cannot run here (Swift, Kotlin, browser JavaScript) are checked against the
 * published reference in samples-reference.test.ts.
 */
const run = promisify(execFile)
const options = sampleOptions
const has = async (command: string) =>
  run('sh', ['-c', `command -v ${command}`]).then(
    () => true,
    () => false,
  )

describe('catalogue samples against the running sandbox [pglite]', () => {
  let t: TestApp
  let server: ReturnType<typeof serve>
  let env: NodeJS.ProcessEnv
  beforeAll(async () => {
    t = await createTestApp('pglite')
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    // the server's own origin, for the cashier links it gives (config.ts `linkOrigin`)
    Object.assign(t.deps.config, { host: '127.0.0.1', port: (server.address() as AddressInfo).port })
    const link = await (await fetch(`${baseUrl}/v1/demos/autoDebitId`)).json()
    env = { PATH: process.env.PATH, HOME: process.env.HOME, PAYLAB_BASE_URL: baseUrl, PAYLAB_USER_AUTHORIZATION_ID: link.data.userAuthorizationId }
  })
  let javaClasses: string | undefined
  afterAll(async () => {
    if (javaClasses) rmSync(javaClasses, { recursive: true, force: true })
    await new Promise((resolve) => server.close(resolve))
    await t.close()
  })

  const expectations: Record<(typeof options)[number], (out: string) => void> = {
    'dynamic-qr': (out) => expect(out).toMatch(/"url":\s*"http:\/\/127\.0\.0\.1:\d+\/sandbox\/cashier\//),
    'app-invoke': (out) => expect(out).toMatch(/paylab:\/\/payment\?link_key=/),
    cashback: (out) => expect(out).toContain('REQUEST_ACCEPTED'), // published: 202, the cashback is asynchronous
    'auto-debit': (out) => expect(out).toContain('COMPLETED'),
  }
  /** Spec §8: what each sample says when it worked (the shell samples say it on stderr, stdout is the JSON answer). */
  const outcome: Record<(typeof options)[number], string> = {
    'dynamic-qr': 'QR Code created',
    'app-invoke': 'QR Code created',
    cashback: 'Cashback created',
    'auto-debit': 'Order created',
  }
  const said = (out: string) => out.split('\n').map((line) => line.trim())

  for (const option of options) {
    it(`${option}: the Node.js sample succeeds`, async () => {
      const { stdout } = await run('node', [`samples/${option}/node.mjs`], { env })
      expectations[option](stdout)
      expect(said(stdout)).toContain(outcome[option])
    })
    it(`${option}: the shell sample succeeds`, async () => {
      const { stdout, stderr } = await run('sh', [`samples/${option}/shell.sh`], { env })
      expectations[option](stdout)
      expect(JSON.parse(stdout).resultInfo.code).toBe(option === 'cashback' ? 'REQUEST_ACCEPTED' : 'SUCCESS')
      expect(said(stderr)).toContain(outcome[option])
    })
    it(`${option}: the Python sample succeeds (when python3 is installed)`, async (ctx) => {
      if (!(await has('python3'))) {
        console.log('python3 is not installed: the Python samples are not run')
        ctx.skip()
      }
      const { stdout } = await run('python3', [`samples/${option}/python.py`], { env })
      expectations[option](stdout)
      expect(said(stdout)).toContain(outcome[option])
    })
    it(`${option}: the PHP sample succeeds (when php is installed)`, async (ctx) => {
      if (!(await has('php'))) {
        console.log('php is not installed: the PHP samples are not run')
        ctx.skip()
      }
      const { stdout } = await run('php', [`samples/${sampleFile(option, 'php')}`], { env })
      expectations[option](stdout)
      expect(said(stdout)).toContain(outcome[option])
    })
    it(`${option}: the Java sample succeeds (when javac is installed)`, { timeout: 120_000 }, async (ctx) => {
      if (!(await has('javac'))) {
        console.log('javac is not installed: the Java samples are not run')
        ctx.skip()
      }
      if (!javaClasses) {
        // one compile of the helper and all four samples (javac is slow to start)
        const out = mkdtempSync(join(tmpdir(), 'paylab-java-'))
        await run('javac', ['-d', out, `samples/${sampleHelpers.java}`, ...options.map((o) => `samples/${sampleFile(o, 'java')}`)])
        javaClasses = out
      }
      const { stdout } = await run('java', ['-cp', javaClasses, javaSampleClass(option)], { env })
      expectations[option](stdout)
      expect(said(stdout)).toContain(outcome[option])
    })
  }

  it('says "Cashback creation failure" and "Order creation failure" when the sandbox refuses (spec §8)', async () => {
    const refused = { ...env, PAYLAB_USER_AUTHORIZATION_ID: 'not-a-linked-user' }
    for (const [option, words] of [
      ['cashback', 'Cashback creation failure'],
      ['auto-debit', 'Order creation failure'],
    ] as const) {
      const node = await run('node', [`samples/${option}/node.mjs`], { env: refused }).then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      )
      expect(node?.code, option).toBe(1)
      expect(said(node!.stdout)).toContain(words)
      const shell = await run('sh', [`samples/${option}/shell.sh`], { env: refused })
      expect(said(shell.stderr)).toContain(words)
      if (await has('python3')) {
        const python = await run('python3', [`samples/${option}/python.py`], { env: refused }).then(
          () => null,
          (error: { stdout: string }) => error,
        )
        expect(said(python!.stdout)).toContain(words)
      }
    }
  })

  it('every sample signs with OPA-Auth and names the merchant; each option calls its published path', () => {
    const paths: Record<(typeof options)[number], string> = {
      'dynamic-qr': '/v2/codes',
      'app-invoke': '/v2/codes',
      cashback: '/v2/cashback',
      'auto-debit': '/v2/payments',
    }
    for (const option of options) {
      for (const file of ['node.mjs', 'shell.sh', 'python.py']) {
        const text = readFileSync(`samples/${option}/${file}`, 'utf8')
        expect(text, `${option}/${file}`).toContain(paths[option])
      }
    }
    for (const lib of ['opa-auth.mjs', 'opa-auth.sh', 'opa_auth.py']) {
      const text = readFileSync(`samples/lib/${lib}`, 'utf8')
      expect(text).toContain('hmac OPA-Auth:')
      expect(text).toContain('X-ASSUME-MERCHANT')
    }
    expect(existsSync('samples/README.md')).toBe(true)
  })
})
