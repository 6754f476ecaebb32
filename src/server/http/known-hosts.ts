import { isIP } from 'node:net'
import { hostname as osHostname, networkInterfaces } from 'node:os'
import type { MiddlewareHandler } from 'hono'
import { ApiError } from '@/domain/errors.ts'
import type { Config } from '../config.ts'

/*
 * Known hosts only (issue 33; docs/decisions/security-hardening.md "DNS rebinding"). A web page on any site can
 * point its own name at 127.0.0.1 once the browser has loaded it (DNS rebinding): its scripts then talk to the
 * loopback server as a same-origin client, with `Host: attacker.example:PORT`. The loopback bind alone protects
 * nothing then (the mailbox, the password reset, `/mcp` all answered). So before any route a request must name
 * one of the server's own hosts:
 *
 *  - loopback: `localhost` (and `*.localhost`, which browsers resolve to loopback themselves), `127.0.0.0/8`, `[::1]`;
 *  - `PUBLIC_ORIGIN`'s host, `MINIAPPS_HOST`, `STYLEGUIDE_HOST`, and every entry of `ALLOWED_HOSTS` (a leading dot
 *    also takes every subdomain: `.team.example`), on any port;
 *  - `HOST` itself when it names one address or name;
 *  - with a non-loopback `HOST` (`0.0.0.0` shares the server): any IP address literal, as Vite's dev server does
 *    (a page cannot rebind an address — its origin is then that address — and NAT, Docker's port mapping or a new
 *    DHCP lease make "this machine's own addresses" unknowable from inside), and this machine's name (the HTTPS
 *    listener's certificate is made for it).
 *
 * Anything else is 421 UNKNOWN_HOST in the provider's error shape. The host is the request URL's (built by the
 * Node adapter from `Host`, or from an absolute request target, which HTTP says wins), so it is the very value
 * every route sees. A request without `Host` (HTTP/1.0) gets the listening address, which passes.
 */

const wildcardHosts = new Set(['0.0.0.0', '::', '[::]', ''])

/** `localhost:3000` → `localhost`, `[::1]:3000` → `::1`, lower case; '' when there is none. */
export function hostnameOf(authority: string): string {
  const value = authority.trim().toLowerCase()
  if (value.startsWith('[')) {
    const end = value.indexOf(']')
    return end < 0 ? '' : value.slice(1, end)
  }
  const colon = value.indexOf(':')
  // two colons and no brackets: a bare IPv6 address (HOST=::1), not host:port
  if (colon >= 0 && value.indexOf(':', colon + 1) >= 0) return value
  return (colon < 0 ? value : value.slice(0, colon)).replace(/\.$/, '')
}

const isLoopbackName = (name: string) =>
  name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || name === '::ffff:127.0.0.1'

export type HostConfig = Pick<Config, 'host' | 'port' | 'sandboxHttpsPort' | 'publicOrigin' | 'allowedHosts' | 'miniappsHost' | 'styleguideHost'>

/** This machine's own addresses (every interface), read again at most every 10 s when an address is not among them. */
function machineAddresses() {
  let known = new Set<string>()
  let readAt = -Infinity
  const read = () => {
    readAt = performance.now()
    known = new Set(
      Object.values(networkInterfaces())
        .flat()
        .map((i) => i?.address.toLowerCase() ?? ''),
    )
  }
  return (address: string) => {
    if (!known.has(address) && performance.now() - readAt > 10_000) read()
    return known.has(address)
  }
}

export interface HostPolicy {
  /** Whether a request to this host name (no port) may reach the server. */
  accepts(hostname: string): boolean
  /** Whether a request URL's (or Host header's) authority, `name[:port]`, may. */
  acceptsAuthority(authority: string): boolean
  /**
   * Whether a browser's `Origin` (or Referer's origin) is one of this server's own, from the configuration alone:
   * PUBLIC_ORIGIN; a loopback name, `HOST`, this machine's own address or a configured name (ALLOWED_HOSTS,
   * MINIAPPS_HOST …) at a listening port (`PORT` over http, `SANDBOX_HTTPS_PORT` over https); a configured name
   * on its scheme's default port too (a proxy in front). Never the origin the request was addressed to.
   */
  isOwnOrigin(origin: string): boolean
  /** What is accepted, in words for the start-up log: `['localhost', '127.0.0.1', '[::1]', 'sandbox.example.com', …]`. */
  described: string[]
}

/** The hosts a server with this configuration answers (see the comment above). `config.port` is read when asked (PORT=0). */
export function hostPolicy(config: HostConfig, machineName: string = osHostname(), ownAddress: (ip: string) => boolean = machineAddresses()): HostPolicy {
  const host = hostnameOf(config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host)
  const shared = !wildcardHosts.has(config.host) ? !isLoopbackName(host) : true
  const exact = new Set<string>()
  const suffixes: string[] = []
  const add = (entry: string | undefined) => {
    if (!entry) return
    const name = entry.startsWith('.') ? entry.toLowerCase().replace(/\.$/, '') : hostnameOf(entry)
    if (!name) return
    if (name.startsWith('.')) {
      suffixes.push(name)
      exact.add(name.slice(1))
    } else exact.add(name)
  }
  if (!wildcardHosts.has(config.host)) add(host)
  if (config.publicOrigin) add(new URL(config.publicOrigin).host)
  add(config.miniappsHost)
  add(config.styleguideHost)
  for (const entry of config.allowedHosts) add(entry)
  if (shared && machineName) add(machineName)

  const named = (name: string) => exact.has(name) || suffixes.some((suffix) => name.endsWith(suffix))
  const accepts = (name: string) => {
    if (isLoopbackName(name) || named(name)) return true
    return shared && isIP(name) !== 0
  }
  // accepted authorities seen so far (a handful: name × port), so the per-request cost is one Set lookup
  const seen = new Set<string>()
  const acceptsAuthority = (authority: string) => {
    if (seen.has(authority)) return true
    const ok = accepts(hostnameOf(authority))
    if (ok && seen.size < 256) seen.add(authority)
    return ok
  }
  const isOwnOrigin = (origin: string) => {
    if (config.publicOrigin !== undefined && origin === config.publicOrigin) return true
    if (!URL.canParse(origin)) return false
    const url = new URL(origin)
    const name = hostnameOf(url.host)
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
    const listening =
      (url.protocol === 'http:' && port === config.port) ||
      (url.protocol === 'https:' && config.sandboxHttpsPort !== undefined && port === config.sandboxHttpsPort)
    if (listening && (isLoopbackName(name) || named(name) || (shared && isIP(name) !== 0 && ownAddress(name)))) return true
    // a configured name behind a proxy on the scheme's default port
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.port === '' && isIP(name) === 0 && !isLoopbackName(name) && named(name)
  }
  const described = [
    'localhost',
    '*.localhost',
    '127.0.0.1',
    '[::1]',
    ...[...exact].filter((name) => !isLoopbackName(name)).map((name) => (name.includes(':') ? `[${name}]` : name)),
    ...suffixes.map((suffix) => `*${suffix}`),
    ...(shared ? ['any IP address'] : []),
  ]
  return { accepts, acceptsAuthority, isOwnOrigin, described }
}

const policies = new WeakMap<HostConfig, HostPolicy>()

/** The one policy of a configuration (built on first use; the same object for the app, the wallet and `/mcp`). */
export function hostPolicyOf(config: HostConfig): HostPolicy {
  let policy = policies.get(config)
  if (!policy) policies.set(config, (policy = hostPolicy(config)))
  return policy
}

/** The authority of a request URL (`http://localhost:3000/x` → `localhost:3000`) without parsing the whole URL. */
export function authorityOfUrl(url: string): string {
  const start = url.indexOf('://') + 3
  const end = url.indexOf('/', start)
  return url.slice(start, end < 0 ? undefined : end)
}

/** The guard, first of all middleware: `app.use(knownHostsOnly(policy))`. */
export function knownHostsOnly(policy: HostPolicy): MiddlewareHandler {
  return (c, next) => {
    if (!policy.acceptsAuthority(authorityOfUrl(c.req.url))) throw new ApiError('UNKNOWN_HOST')
    return next()
  }
}
