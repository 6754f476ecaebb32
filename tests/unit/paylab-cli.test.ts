import { execFile, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { specs } from '../../src/cli/commands.ts'
import { buildCli } from '../../scripts/build-cli.ts'

/**
 * Issue 31: the built `paylab` (dist/cli/paylab.js through node_modules/.bin/paylab, what `npx paylab` runs) as a
 * process: strict arguments with "did you mean", exit codes, `--json` failures on stdout, per-command help,
 * `--version`, credentials named before any request, and signals that end it with nothing left behind. The server is
 * a stand-in that counts the requests it gets (the commands themselves: tests/server/sandbox-commands-cli.test.ts).
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const bin = `${root}node_modules/.bin/paylab`
const version = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string }).version

let server: Server
let base = ''
const requests: string[] = []

/** Runs `paylab …`; answers the exit code and what it printed (the stand-in's address unless the env says otherwise). */
async function paylab(argv: string[], env: Record<string, string> = {}) {
  const result = await promisify(execFile)(process.execPath, [bin, ...argv], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PAYLAB_BASE_URL: base, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  )
  return { ...result, json: () => JSON.parse(result.stdout) as { error: { code: string; message: string; suggestion?: string } } }
}

beforeAll(async () => {
  await buildCli()
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    res.setHeader('content-type', 'application/json')
    if (req.url?.startsWith('/sandbox/api/webhooks'))
      return res.end(JSON.stringify({ resultInfo: { code: 'SUCCESS', message: 'Success', codeId: '08100001' }, data: { signingSecret: 's', deliveries: [] } }))
    res.statusCode = 400
    res.end(
      JSON.stringify({
        resultInfo: { code: 'SANDBOX_COMMAND_INVALID', message: 'Invalid input', codeId: '08100999' },
        data: { issues: [{ path: 'amount', message: 'too small' }] },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 120_000)
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('paylab arguments', () => {
  it('--version prints package.json version', async () => {
    expect(await paylab(['--version'])).toMatchObject({ code: 0, stdout: `paylab ${version}\n` })
    expect((await paylab(['-V', '--json'])).stdout).toBe(`${JSON.stringify({ version })}\n`)
  })

  it('refuses a misspelt option, command or value with exit 2 and the nearest name, sending nothing', async () => {
    const before = requests.length
    const flag = await paylab(['trigger', 'payment.completed', '--amout', '700', '--lang', 'en'])
    expect(flag.code).toBe(2)
    expect(flag.stderr).toContain('Unknown option --amout for paylab trigger')
    expect(flag.stderr).toContain('Did you mean --amount?')
    const json = await paylab(['trigger', 'payment.completed', '--amout', '700', '--json'])
    expect([json.code, json.json().error.code, json.json().error.suggestion]).toEqual([2, 'USAGE_UNKNOWN_FLAG', '--amount'])
    expect(json.json().error.message).toContain('--amout')

    expect((await paylab(['trigerr', '--json'])).json().error).toMatchObject({ code: 'USAGE_UNKNOWN_COMMAND', suggestion: 'paylab trigger' })
    expect((await paylab(['webhooks', 'chaso', '--json'])).json().error).toMatchObject({ code: 'USAGE_UNKNOWN_COMMAND', suggestion: 'paylab webhooks chaos' })
    const event = await paylab(['trigger', 'payment.complete', '--json'])
    expect([event.code, event.json().error.suggestion]).toEqual([2, 'payment.completed'])
    expect((await paylab(['pay', 'code-1', '--outcome', 'sideways', '--json'])).json().error.code).toBe('USAGE_UNKNOWN_VALUE')
    expect((await paylab(['trigger', 'payment.completed', '--amount', 'lots', '--json'])).json().error.code).toBe('USAGE_NOT_A_NUMBER')
    expect((await paylab(['snapshots', 'extra', '--json'])).json().error.code).toBe('USAGE_EXTRA_ARGUMENT')
    const field = await paylab(['trigger', 'payment.completed', '--override', 'amout=700', '--json'])
    expect([field.code, field.json().error.code, field.json().error.suggestion]).toEqual([2, 'USAGE_UNKNOWN_FIELD', 'amount'])
    expect((await paylab(['trigger', 'payment.completed', '--override', 'amount=lots', '--json'])).json().error.code).toBe('USAGE_NOT_A_NUMBER')
    // nothing near: no suggestion
    expect((await paylab(['zzzzzzzz', '--json'])).json().error.suggestion).toBeUndefined()
    expect(requests.length).toBe(before)
  })

  it('--lang takes ja or en only, from the option or PAYLAB_LANG', async () => {
    const de = await paylab(['snapshots', '--lang', 'de'])
    expect(de.code).toBe(2)
    expect(de.stderr).toContain('ja, en')
    expect((await paylab(['snapshots', '--json'], { PAYLAB_LANG: 'de' })).json().error.code).toBe('USAGE_UNKNOWN_VALUE')
    expect((await paylab(['--help', '--lang', 'en'])).stdout).toContain('usage: paylab <command>')
    expect((await paylab(['--help'])).stdout).toContain('使い方: paylab')
  })

  it('names a missing secret, key or merchant before any request', async () => {
    const before = requests.length
    const secret = await paylab(['snapshots', '--lang', 'en'], { PAYLAB_API_KEY: 'a_key', PAYLAB_MERCHANT_ID: 'm1' })
    expect(secret.code).toBe(2)
    expect(secret.stderr).toContain('The sandbox key a_key has no secret: set PAYLAB_API_SECRET')
    const merchant = await paylab(['snapshots', '--json'], { PAYLAB_API_KEY: 'a_key', PAYLAB_API_SECRET: 'c2VjcmV0' })
    expect(merchant.json().error.code).toBe('USAGE_MISSING_MERCHANT')
    const key = await paylab(['snapshots', '--secret', 'c2VjcmV0', '--lang', 'ja'])
    expect([key.code, key.stderr]).toEqual([2, expect.stringContaining('PAYLAB_API_KEY')])
    expect(requests.length).toBe(before)
  })

  it('under --json every failure is {"error":{code,message}} on stdout, with exit 1 for a failed call', async () => {
    const failed = await paylab(['trigger', 'payment.completed', '--amount', '0', '--json', '--lang', 'en'])
    expect(failed.code).toBe(1)
    expect(failed.json().error).toMatchObject({ code: 'SANDBOX_COMMAND_INVALID', message: 'Invalid input', data: { issues: [{ path: 'amount' }] } })
    expect(failed.stderr).toContain('amount: too small')
    const down = await paylab(['snapshots', '--json'], { PAYLAB_BASE_URL: 'http://127.0.0.1:9' })
    expect([down.code, down.json().error.code]).toEqual([1, 'UNREACHABLE'])
  })

  it('every command has its own --help with its examples, in the chosen language', async () => {
    for (const spec of specs) {
      const help = await paylab([...spec.path.split(' '), '--help', '--lang', 'en'])
      expect(help.code, spec.path).toBe(0)
      expect(help.stdout).toContain(`usage: paylab ${spec.path}`)
      for (const example of spec.examples) expect(help.stdout).toContain(example)
    }
    const trigger = await paylab(['help', 'trigger', '--lang', 'en'])
    expect(trigger.stdout).toMatch(/<event>: payment\.completed, payment\.authorized/)
    expect(trigger.stdout).toMatch(/--amount <number>/)
    expect((await paylab(['run', 'create_qr_code', '--help', '--lang', 'en'])).stdout).toContain('--merchant-payment-id <string>')
    expect((await paylab(['webhooks', 'chaos', '--help'])).stdout).toMatch(/例:\n {2}paylab webhooks chaos duplicate/)
  }, 120_000)
})

describe('paylab completion', () => {
  it('writes a bash script completing commands, subcommands, listed values and options; zsh loads the same', async () => {
    const script = await paylab(['completion', 'bash'])
    expect(script.code).toBe(0)
    const complete = (...words: string[]) =>
      execFileSync(
        'bash',
        ['-c', `eval "$1"; COMP_WORDS=(${words.join(' ')}); COMP_CWORD=${words.length - 1}; _paylab; echo "\${COMPREPLY[@]}"`, 'bash', script.stdout],
        {
          encoding: 'utf8',
        },
      ).trim()
    expect(complete('paylab', 'trig')).toBe('trigger')
    expect(complete('paylab', 'trigger', 'payment.c')).toBe('payment.completed payment.canceled')
    expect(complete('paylab', 'trigger', 'payment.completed', '--am')).toBe('--amount')
    expect(complete('paylab', 'webhooks', 'ch')).toBe('chaos')
    expect(complete('paylab', 'webhooks', 'chaos', 'd')).toBe('duplicate delay')
    expect((await paylab(['completion', 'zsh'])).stdout).toContain('bashcompinit')
    expect((await paylab(['completion', 'fish', '--json'])).json().error.code).toBe('USAGE_UNKNOWN_VALUE')
  })
})

describe('paylab and signals', () => {
  /** Starts `paylab listen` on the stand-in, waits for its banner; answers the process. */
  async function listening() {
    const child = spawn(process.execPath, [bin, 'listen', 'localhost:9/hook', '--lang', 'en'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PAYLAB_BASE_URL: base },
    })
    let out = ''
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('Forwarding the webhooks')) resolve()
      })
      child.once('exit', () => reject(new Error(`paylab listen ended early: ${out}`)))
    })
    return child
  }
  const childrenOf = (pid: number) => {
    try {
      return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).trim()
    } catch {
      return ''
    }
  }

  it('killing npx paylab listen leaves nothing behind (npm passes SIGTERM to its shell only; paylab sees its parent go)', async () => {
    const marker = `marker-${process.pid}-${Date.now()}`
    const npx = spawn('npx', ['paylab', 'listen', `localhost:9/${marker}`, '--lang', 'en'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PAYLAB_BASE_URL: base },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    await new Promise<void>((resolve, reject) => {
      let out = ''
      npx.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('Forwarding the webhooks')) resolve()
      })
      npx.once('exit', () => reject(new Error(`npx paylab listen ended early: ${out}`)))
    })
    const running = () => {
      try {
        return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim()
      } catch {
        return ''
      }
    }
    expect(running()).not.toBe('')
    npx.kill('SIGTERM')
    const deadline = Date.now() + 3000
    while (running() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(running()).toBe('')
  }, 60_000)

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const)(
    '%s ends paylab listen at once (exit %i), and it started no process that could outlive it',
    async (signal, code) => {
      const child = await listening()
      // the work is done in this very process: nothing to orphan
      expect(childrenOf(child.pid!)).toBe('')
      const started = Date.now()
      const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
      child.kill(signal)
      expect(await exited).toBe(code)
      expect(Date.now() - started).toBeLessThan(2000)
    },
    60_000,
  )
})
