import type { Context } from 'hono'

/**
 * The peer address of the connection (never X-Forwarded-For: any client can write that header). Undefined when
 * the request did not come over a socket: `app.request()` inside this process (tests, the bench).
 */
export function clientAddressOf(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress
}

/** The key attempts are counted under per client: its address, or `local` for in-process requests. */
export const clientKeyOf = (c: Context) => clientAddressOf(c) ?? 'local'

export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return true
  const a = address.replace(/^::ffff:/i, '')
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a)
}
