import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { signOpaRequest } from '../../src/domain/opa-auth.ts'
import { nodeOpaCrypto } from '../../src/server/modules/sandbox/auth/opa-crypto.ts'
import { buildServer } from '../build-server.ts'
import { buildWeb } from '../build-web.ts'

/**
 * The built server as `npm start` runs it (node scripts/start.js, nothing to build), for the restart bench and the
 * kill -9 soak: started on a loopback port, polled, signed calls, killed.
 */

/** Builds what is stale first, so that no start measured or killed pays for a build. */
export async function ensureBuilt() {
  await buildWeb()
  await buildServer()
}

/** True when something answers on 127.0.0.1:port (a former server not yet gone would answer for the new one). */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

export interface Started {
  child: ChildProcess
  /** performance.now() just before the spawn. */
  t0: number
}

/** Spawns `node scripts/start.js` on 127.0.0.1:port with `env`; refuses when the port already answers. */
export async function startBuilt(port: number, env: Record<string, string>): Promise<Started> {
  if (await portAnswers(port)) throw new Error(`port ${port} already answers: another server is still there`)
  const t0 = performance.now()
  const child = spawn(process.execPath, ['scripts/start.js'], {
    env: { ...process.env, LOG_LEVEL: 'warn', SANDBOX_HTTPS_PORT: '', WORKERS: '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return { child, t0 }
}

/** One HTTP request on a connection of its own: status and body text (rejects when nothing listens). */
export function call(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
  timeoutMs = 30_000,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)))
    req.on('error', reject)
    req.end(body)
  })
}

/** Polls /healthz every few milliseconds until 200; the time since `t0`. Fails when the child exits first. */
export async function untilHealthy(origin: string, started: Started, timeoutMs = 300_000): Promise<number> {
  for (;;) {
    if (started.child.exitCode !== null || started.child.signalCode !== null)
      throw new Error(`the server exited (${started.child.exitCode ?? started.child.signalCode}) before /healthz answered`)
    try {
      if ((await call(origin, 'GET', '/healthz', {}, undefined, 5_000)).status === 200) return performance.now() - started.t0
    } catch {
      // not listening yet
    }
    if (performance.now() - started.t0 > timeoutMs) throw new Error(`/healthz did not answer within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

export interface Merchant {
  id: string
  apiKey: string
  apiSecret: string
}

/** A signed OPA call (the provider's HMAC scheme, tests/support/opa-client.ts) with the merchant's key. */
export async function signedCall(origin: string, merchant: Merchant, method: string, path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const contentType = 'application/json'
  const authorization = signOpaRequest(nodeOpaCrypto, {
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    method,
    path: path.split('?')[0]!,
    nonce: randomUUID().replaceAll('-', '').slice(0, 16),
    epoch: Math.floor(Date.now() / 1000),
    contentType: text === undefined ? null : contentType,
    body: text ?? null,
  })
  const headers: Record<string, string> = { authorization, 'x-assume-merchant': merchant.id, ...(text ? { 'content-type': contentType } : {}) }
  const res = await call(origin, method, path, headers, text)
  // an answer's fields are read where they are used (the soak checks what it reads, a wrong shape fails it)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let json: any = undefined
  try {
    json = JSON.parse(res.text)
  } catch {
    // not JSON
  }
  return { status: res.status, json }
}

/** Kills with SIGKILL and waits for the exit. */
export async function kill9(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

/** A graceful stop (SIGTERM), then SIGKILL after `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 30_000) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux; undefined elsewhere). */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return undefined
  }
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}
