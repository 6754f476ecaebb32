/**
 * What the browser knows from `document` and `location` that the server renderer must be told: the request's host
 * name and its `Cookie` header. The server renders one page at a time (entry-server.tsx), so one value at a time.
 * In the browser both stay null and callers read the platform.
 */
export interface ServerRequest {
  hostname: string
  cookie: string | null
}

let current: ServerRequest | null = null

export function setServerRequest(request: ServerRequest | null) {
  current = request
}

/** The request being rendered on the server, or null in the browser. */
export function serverRequest(): ServerRequest | null {
  return current
}
