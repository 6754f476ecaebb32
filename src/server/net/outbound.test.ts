import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { gzipSync } from 'node:zlib'
import { generate } from 'selfsigned'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isLoopbackAddress, isPublicAddress, outboundFetch, RefusedAddressError, type Resolve } from './outbound.ts'

describe('addresses a request on someone else’s behalf may go to', () => {
  it('refuses loopback, private, link-local, reserved and multicast addresses in every IPv4 and IPv6 spelling', () => {
    const refused = [
      ['0.0.0.0', '0.1.2.3', '10.1.2.3', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.9.9.9', '169.254.169.254'],
      ['172.16.0.1', '172.31.255.255', '192.168.1.1', '198.18.0.1', '224.0.0.1', '255.255.255.255'],
      ['::', '::1', '0:0:0:0:0:0:0:1', '[::1]', '::ffff:127.0.0.1', '::FFFF:7f00:1', '::ffff:10.0.0.1', '::ffff:0:169.254.169.254'],
      ['::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b:1::1', '2002:7f00:1::', '2002:a9fe:a9fe::1', '100::1'],
      ['fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'fec0::1', 'ff02::1'],
      ['localhost', 'example.com', '', '1.2.3'],
    ].flat()
    expect(refused.filter(isPublicAddress)).toEqual([])
    const allowed = ['8.8.8.8', '203.0.113.7', '100.128.0.1', '172.32.0.1', '192.169.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', '2002:808:808::1']
    expect(allowed.filter((a) => !isPublicAddress(a))).toEqual([])
  })

  it('knows this machine’s own addresses', () => {
    expect(['127.0.0.1', '127.5.5.5', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true)
    expect(['10.0.0.1', '::', '0.0.0.0', 'localhost', '::ffff:10.0.0.1', '::2', '8.8.8.8'].some(isLoopbackAddress)).toBe(false)
  })
})

/** A server counting the requests it answered; `handle` answers them. */
async function listen(server: Server, host: string, port = 0): Promise<{ port: number; hits: IncomingMessage[]; close: () => Promise<void> }> {
  const hits: IncomingMessage[] = []
  server.prependListener('request', (req: IncomingMessage) => hits.push(req))
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve))
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const handle = (req: IncomingMessage, res: ServerResponse) => {
  if (req.url === '/stall') return void res.writeHead(200, { 'content-type': 'text/plain' }).write('first part')
  if (req.url === '/gz') return void res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' }).end(gzipSync('{"ok":true}'))
  if (req.url === '/moved') return void res.writeHead(302, { location: `http://127.0.0.1:${req.socket.localPort}/` }).end()
  if (req.url === '/big') return void res.end('x'.repeat(4 * 1024 * 1024))
  res.writeHead(200, { 'content-type': 'text/plain', 'x-host': req.headers.host ?? '' }).end(`hello ${req.method}`)
}

/** A resolver double that answers each call with the next of `answers` (the last one again after that). */
function scriptedResolver(...answers: string[][]) {
  const asked: string[] = []
  const resolve: Resolve = async (host) => {
    asked.push(host)
    return (answers[Math.min(asked.length - 1, answers.length - 1)] ?? []).map((address) => ({ address }))
  }
  return { resolve, asked }
}

const get = (signal = AbortSignal.timeout(2000)) => ({ method: 'GET', headers: {}, signal })

describe('outboundFetch', () => {
  // "this machine" (127.0.0.1) and a stand-in for a public host (127.0.0.2), on the same port
  let inside: Awaited<ReturnType<typeof listen>>
  let outside: Awaited<ReturnType<typeof listen>>
  const onlyOutside = (address: string) => address === '127.0.0.2'

  beforeAll(async () => {
    inside = await listen(createHttpServer(handle), '127.0.0.1')
    outside = await listen(createHttpServer(handle), '127.0.0.2', inside.port)
  })
  afterAll(async () => {
    await inside.close()
    await outside.close()
  })

  it('resolves a name once and connects to the address it checked: a rebinding name never reaches the refused address', async () => {
    // the check is answered the allowed address, anything resolving again would get 127.0.0.1
    const dns = scriptedResolver(['127.0.0.2'], ['127.0.0.1'])
    const res = await outboundFetch(`http://rebind.test:${inside.port}/`, get(), { resolve: dns.resolve, allow: onlyOutside })
    expect([res.status, await new Response(res.body).text(), res.headers.get('x-host')]).toEqual([200, 'hello GET', `rebind.test:${inside.port}`])
    expect(dns.asked).toEqual(['rebind.test'])
    // the next request sees the second answer, and is refused before connecting
    await expect(outboundFetch(`http://rebind.test:${inside.port}/`, get(), { resolve: dns.resolve, allow: onlyOutside })).rejects.toBeInstanceOf(
      RefusedAddressError,
    )
    expect(dns.asked).toHaveLength(2)
    expect([outside.hits.length, inside.hits.length]).toEqual([1, 0])
  })

  it('refuses an answer with any refused address, IPv4-mapped loopback, and a literal private address, sending nothing', async () => {
    for (const answer of [['203.0.113.7', '10.0.0.5'], ['::ffff:127.0.0.1'], ['2001:db8::1', '::1'], ['169.254.169.254'], []]) {
      const dns = scriptedResolver(answer)
      const refused = outboundFetch(`http://receiver.test:${inside.port}/`, get(), { resolve: dns.resolve, allow: isPublicAddress })
      await expect(refused, answer.join()).rejects.toMatchObject({ name: 'RefusedAddressError', addresses: answer })
    }
    const dns = scriptedResolver(['203.0.113.7'])
    for (const literal of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '10.0.0.5', '[fe80::1]']) {
      const url = `http://${literal}:${inside.port}/`
      await expect(outboundFetch(url, get(), { resolve: dns.resolve, allow: isPublicAddress }), url).rejects.toBeInstanceOf(RefusedAddressError)
    }
    expect(dns.asked).toEqual([])
    expect(inside.hits).toHaveLength(0)
  })

  it('sends where the policy allows: the body, decoded answers, a 3xx as it is, and the signal bounds the whole answer', async () => {
    const local = { resolve: scriptedResolver(['127.0.0.1']).resolve, allow: isLoopbackAddress }
    const posted = await outboundFetch(
      `http://localhost:${inside.port}/`,
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi', signal: AbortSignal.timeout(2000) },
      local,
    )
    expect(await new Response(posted.body).text()).toBe('hello POST')
    const gz = await outboundFetch(`http://localhost:${inside.port}/gz`, get(), local)
    expect(await new Response(gz.body).json()).toEqual({ ok: true })
    const moved = await outboundFetch(`http://localhost:${inside.port}/moved`, get(), local)
    expect([moved.status, moved.headers.get('location')]).toEqual([302, `http://127.0.0.1:${inside.port}/`])
    await moved.body?.cancel()
    // a reader that stops early cancels the answer
    const big = await outboundFetch(`http://localhost:${inside.port}/big`, get(), local)
    const reader = big.body!.getReader()
    expect((await reader.read()).value!.byteLength).toBeGreaterThan(0)
    await reader.cancel()
    // an answer that stops halfway ends with the signal's reason
    const stalled = await outboundFetch(`http://localhost:${inside.port}/stall`, get(AbortSignal.timeout(300)), local)
    await expect(new Response(stalled.body).text()).rejects.toMatchObject({ name: 'TimeoutError' })
  })

  it('speaks TLS to the checked address with the URL’s host name: SNI, and a certificate for another name refused', async () => {
    const pems = await generate([{ name: 'commonName', value: 'receiver.test' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
        { name: 'subjectAltName', altNames: [{ type: 2 as const, value: 'receiver.test' }] },
      ],
    })
    const server = await listen(createHttpsServer({ cert: pems.cert, key: pems.private }, handle) as unknown as Server, '127.0.0.1')
    try {
      const tls = { resolve: scriptedResolver(['127.0.0.1']).resolve, allow: isLoopbackAddress, ca: pems.cert }
      const res = await outboundFetch(`https://receiver.test:${server.port}/`, get(), tls)
      expect([res.status, await new Response(res.body).text()]).toEqual([200, 'hello GET'])
      expect((server.hits[0]!.socket as TLSSocket).servername).toBe('receiver.test')
      await expect(outboundFetch(`https://other.test:${server.port}/`, get(), tls)).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' })
    } finally {
      await server.close()
    }
  })
})
