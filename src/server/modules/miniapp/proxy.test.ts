import { createServer, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { MiniAppManifest } from '@/domain/miniapp/types.ts'
import { RefusedAddressError } from '../../net/outbound.ts'
import { defaultProxyDeps, proxyRequest, type ProxyDeps } from './proxy.ts'

const app = { appId: 'mini-1', manifest: { whiteListDomains: ['api.rebind.example', '[::ffff:7f00:1]'] } as MiniAppManifest }

describe('pp.request and DNS rebinding', () => {
  it('resolves the host once per request and sends to exactly the addresses it checked', async () => {
    const answers = [['203.0.113.7'], ['127.0.0.1'], ['::ffff:127.0.0.1'], ['203.0.113.7', '10.0.0.5'], []]
    const asked: string[] = []
    const sent: { url: string; addresses: string[] }[] = []
    const deps: ProxyDeps = {
      lookup: async (host) => {
        asked.push(host)
        return (answers.shift() ?? []).map((address) => ({ address }))
      },
      fetch: async (url, _init, addresses) => {
        sent.push({ url: url.toString(), addresses: addresses.map((a) => a.address) })
        return new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } })
      },
      timeoutMs: 1000,
      sleep: async () => undefined,
    }
    const ask = (url: string) => proxyRequest(app, { url }, deps)
    expect(await ask('https://api.rebind.example/ok')).toEqual({ statusCode: 200, data: { ok: true } })
    // the same name now answers loopback, then IPv4-mapped loopback, then a private address among public ones, then nothing
    for (let i = 0; i < 4; i += 1) expect(await ask('https://api.rebind.example/ok')).toMatchObject({ errorCode: 'NOT_REACHABLE' })
    // a literal address is judged as written
    expect(await ask('https://[::ffff:7f00:1]/ok')).toMatchObject({ errorCode: 'NOT_REACHABLE' })
    expect(asked).toEqual(Array(5).fill('api.rebind.example'))
    expect(sent).toEqual([{ url: 'https://api.rebind.example/ok', addresses: ['203.0.113.7'] }])
  })

  it('the real sender connects only to the addresses it is given, and only to public ones (no resolving of its own)', async () => {
    const connections: Socket[] = []
    const server = createServer((socket) => {
      connections.push(socket)
      socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as { port: number }).port
    try {
      // `localhost` would resolve to this server; the sender is given only the checked answer
      const url = new URL(`https://localhost:${port}/ok`)
      const init = { method: 'GET', headers: {}, redirect: 'manual' as const, signal: AbortSignal.timeout(1000) }
      await expect(defaultProxyDeps.fetch(url, init, [{ address: '127.0.0.1' }])).rejects.toBeInstanceOf(RefusedAddressError)
      await expect(defaultProxyDeps.fetch(url, init, [])).rejects.toBeInstanceOf(RefusedAddressError)
      expect(connections).toHaveLength(0)
    } finally {
      server.close()
    }
  })
})
