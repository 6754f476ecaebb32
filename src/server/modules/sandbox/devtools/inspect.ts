import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { ApiError } from '@/domain/errors.ts'
import { limits } from '@/domain/limits.ts'
import type { AppDeps } from '../../../deps.ts'
import { requireUser, type AuthEnv } from '../../../http/bearer.ts'
import { merchantFor } from '../../../http/merchant-context.ts'
import { describe } from '../../../http/openapi.ts'
import { accountRepo } from '../../../store/account-repo.ts'
import { machineDefinitions, type MachineStep } from '../engine/inspect-feed.ts'

const { inspectStreamsPerSession, inspectHeartbeatMs } = limits.sandbox

/**
 * The mode's merchant's sandbox machines as they move (issue 30 item 2; docs/sandbox.md "Watching the sandbox's
 * machines"): `GET /dev/v1/sandbox/inspect` answers a server-sent event stream — `ready` (the machines'
 * definitions), then one `step` per committed transition of the merchant's payments and webhook deliveries (the
 * engine's feed, inspect-feed.ts; another merchant's never), a comment as heartbeat, and `end` when the session is
 * signed out or expired (checked at each heartbeat). Signed in only (401 otherwise, in the error envelope), at most
 * `inspectStreamsPerSession` open streams per session (429 RATE_LIMIT beyond, counted in this process). `heartbeatMs`
 * (tests): the heartbeat's interval instead of `limits.sandbox.inspectHeartbeatMs`.
 */
export function sandboxInspectRoutes(deps: AppDeps, app = new Hono<AuthEnv>(), options: { heartbeatMs?: number } = {}) {
  const heartbeatMs = options.heartbeatMs ?? inspectHeartbeatMs
  const auth = requireUser(deps)
  const openBySession = new Map<string, number>()
  const stillSignedIn = async (tokenHash: string) => (await accountRepo(deps.store.db).userOfToken(tokenHash, deps.clock.now())) !== undefined

  const doc = describe({
    tag: 'Developer tools',
    security: 'bearer',
    summary:
      "The mode's merchant's sandbox payments and webhook deliveries as machine steps, as they are committed (server-sent events: ready, step, end; for the inspector on the sandbox tools page)",
    other: { status: 200, description: 'A text/event-stream of the events ready, step and end', mediaType: 'text/event-stream' },
  })
  app.get('/inspect', doc, auth, async (c) => {
    const { user, tokenHash } = c.get('auth')
    const merchant = await merchantFor(deps, c, user)
    const open = openBySession.get(tokenHash) ?? 0
    if (open >= inspectStreamsPerSession) throw new ApiError('RATE_LIMIT')
    openBySession.set(tokenHash, open + 1)
    const release = () => {
      const left = (openBySession.get(tokenHash) ?? 1) - 1
      if (left > 0) openBySession.set(tokenHash, left)
      else openBySession.delete(tokenHash)
    }
    // no compression or proxy buffering: each event must leave at once
    c.header('Cache-Control', 'no-cache, no-transform')
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      let stopWatching: (() => void) | undefined
      let aborted!: () => void
      const abort = new Promise<void>((resolve) => (aborted = resolve))
      stream.onAbort(() => aborted())
      try {
        // steps are written in the order they arrive (the stream's writer queues them)
        const send = (step: MachineStep) =>
          void stream.writeSSE({ event: 'step', data: JSON.stringify({ ...step, merchantId: undefined }) }).catch(() => aborted())
        stopWatching = await deps.sandbox.feed.watch(merchant.id, send)
        await stream.writeSSE({
          event: 'ready',
          data: JSON.stringify({ merchantId: merchant.id, machines: machineDefinitions(), heartbeatMs }),
        })
        for (;;) {
          let timer: ReturnType<typeof setTimeout> | undefined
          const beat = new Promise<'beat'>((resolve) => (timer = setTimeout(() => resolve('beat'), heartbeatMs)))
          const woke = await Promise.race([beat, abort.then(() => 'aborted' as const)])
          clearTimeout(timer)
          if (woke === 'aborted' || stream.aborted || stream.closed) break
          if (!(await stillSignedIn(tokenHash))) {
            await stream.writeSSE({ event: 'end', data: JSON.stringify({ reason: 'signedOut' }) })
            break
          }
          await stream.write(': heartbeat\n\n')
        }
      } finally {
        stopWatching?.()
        release()
      }
    })
  })
  return app
}
