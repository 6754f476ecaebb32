import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'

/**
 * Drives the simulated wallet's server-rendered pages the way a browser without JavaScript does: GET a page,
 * read its forms, POST them (form-encoded, with the page's Origin and the cookies it was given), follow
 * redirects by hand so a test can see where the wallet sends the payer.
 */
export type Send = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Response | Promise<Response>

export interface Page {
  status: number
  url: string
  html: string
  /** Set when the answer was a redirect (not followed). */
  location: string | null
}

export function walletBrowser(send: Send, origin: string) {
  const jar = new Map<string, string>()

  const absolute = (url: string) => new URL(url, origin).toString()

  async function go(method: string, url: string, form?: Record<string, string>): Promise<Page> {
    const target = absolute(url)
    const headers: Record<string, string> = { accept: 'text/html' }
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    let body: string | undefined
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      headers.origin = new URL(target).origin
      body = new URLSearchParams(form).toString()
    }
    const res = await send(target, { method, headers, body })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === ''
      if (expired) jar.delete(name)
      else jar.set(name, value)
    }
    return { status: res.status, url: target, html: await res.text(), location: res.headers.get('location') }
  }

  return {
    cookies: jar,
    get: (url: string) => go('GET', url),
    post: (url: string, form: Record<string, string> = {}) => go('POST', url, form),
    /** GET, then keep following redirects that stay on `origin` (at most 5). */
    async open(url: string): Promise<Page> {
      let page = await go('GET', url)
      for (let i = 0; i < 5 && page.location && absolute(page.location).startsWith(origin); i++) page = await go('GET', page.location)
      return page
    },
  }
}

/** The `action` of the page's POST form whose action ends with `suffix`. */
export function formAction(html: string, suffix: string): string {
  const actions = [...html.matchAll(/<form[^>]*method="post"[^>]*action="([^"]+)"/g)].map((m) => decodeEntities(m[1]!))
  const found = actions.find((a) => a.endsWith(suffix))
  if (!found) throw new Error(`no form ending in ${suffix}; forms: ${actions.join(', ') || 'none'}`)
  return found
}

/** The test users offered on a sign-in form: username → radio value. */
export function testUserChoices(html: string): Map<string, string> {
  const choices = new Map<string, string>()
  for (const m of html.matchAll(/name="testUserId" value="([^"]+)"[^>]*>\s*<span class="user-name">([^<]+)<\/span>/g)) {
    choices.set(decodeEntities(m[2]!), decodeEntities(m[1]!))
  }
  return choices
}

/** Visible text of an HTML fragment (tags dropped, whitespace collapsed). */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** A `Send` over real sockets (http or https), trusting `ca` for https. Node's fetch cannot take a CA. */
export function socketSend(ca?: string): Send {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url)
      const request = target.protocol === 'https:' ? httpsRequest : httpRequest
      const req = request(
        target,
        {
          method: init.method,
          headers: { ...init.headers, ...(init.body ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}) },
          ...(ca ? { ca } : {}),
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            const headers = new Headers()
            for (const [name, value] of Object.entries(res.headers)) {
              if (Array.isArray(value)) for (const v of value) headers.append(name, v)
              else if (value !== undefined) headers.set(name, value)
            }
            const status = res.statusCode ?? 500
            const nullBody = status === 204 || status === 304
            resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers }))
          })
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      if (init.body) req.write(init.body)
      req.end()
    })
}
