import * as v from 'valibot'
import { createActor, type ActorRefFrom, type AnyActorRef } from 'xstate'
import { ppCallMessageSchema, ppFunctionNames, type PpEvent, type PpFunctionName } from '@/domain/miniapp-runtime.ts'
import type { BridgeError, MiniAppManifest } from '@/domain/miniapp/types.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { miniappSessionMachine, type MiniappConsentRecord } from '@machines/miniapp-session.machine.ts'
import type { MiniappDialog, SessionEmitted } from '@machines/miniapp-session.ts'
import { httpBridgeApi, type BridgeApi } from './api.ts'
import { beforeFunction, eventRegistrations, firstValue } from './call-rules.ts'
import { answeredBySession, bridgeFunctions, BridgeFailure, failWith } from './functions.ts'
import type { BridgeLogEntry, StudioControls } from './support.ts'

export { isColour, windowOf } from '@machines/miniapp-session.ts'
export { versionBelow, type BridgeLogEntry, type StudioControls } from './support.ts'

/**
 * The portal side of the mini-app bridge: an adapter between the app's postMessage calls (the pp client in the
 * studio's sandboxed frame, opaque origin) and the session machine (machines/miniapp-session.machine.ts), which owns
 * the run — the init gate, consent, the screens, the page stack. Rules, in the order a call meets them: only the
 * frame's messages are read; the session's gate (pp.init first, spec §4); a forced error of the tester's controls
 * (used once); the wallet version (§9); the network (offline → NOT_REACHABLE, slow → a delay); the function itself
 * (bridge/functions.ts). Every reload, reopen and "Reset consent" is `restart()`: a new session, the gate armed again.
 */
export type SessionActor = ActorRefFrom<typeof miniappSessionMachine>

const isFunction = (name: string): name is PpFunctionName => (ppFunctionNames as readonly string[]).includes(name)

export function createBridgeHost(o: {
  frame: () => HTMLIFrameElement | null
  app: { appId: string; manifest: MiniAppManifest }
  controls: () => StudioControls
  onLog: (entry: BridgeLogEntry) => void
  /** The test user's answers for this app, kept in the browser. */
  consent: { read(): MiniappConsentRecord | null; write(record: MiniappConsentRecord): void }
  api?: BridgeApi
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** A forced error was used up: the studio clears it from its controls. */
  onForcedUsed?: (name: string) => void
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}) {
  const win = o.window ?? window
  const now = o.now ?? (() => Date.now())
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const calls = new Map<string, { name: string; params: Record<string, unknown>; started: number }>()
  const listeners = new Set<() => void>()
  let disposed = false
  let session: SessionActor
  const log = (e: Omit<BridgeLogEntry, 'at'>) => o.onLog({ at: new Date(now()).toISOString(), ...e })
  const post = (message: Record<string, unknown>) => {
    // the frame has an opaque origin ('null'): '*' is the only target origin that reaches it; the frame is ours
    if (!disposed) o.frame()?.contentWindow?.postMessage({ pp: 1, ...message }, '*')
  }
  const answer = (id: string, ok: boolean, result: unknown) => {
    const call = calls.get(id)
    calls.delete(id)
    post({ id, kind: ok ? 'success' : 'fail', result })
    post({ id, kind: 'complete' })
    log({ direction: 'answer', name: call?.name ?? '', id, ms: now() - (call?.started ?? now()), ...(ok ? { result } : { error: result as BridgeError }) })
  }
  const emit = (event: PpEvent, data?: unknown) => {
    post({ event, ...(data === undefined ? {} : { data }) })
    log({ direction: 'event', name: event, ...(data === undefined ? {} : { result: data }) })
  }
  const context = () => session.getSnapshot().context
  const emitted = <T extends SessionEmitted['type']>(type: T, match: (e: Extract<SessionEmitted, { type: T }>) => boolean) =>
    new Promise<Extract<SessionEmitted, { type: T }>>((resolve) => {
      const sub = session.on(type, (e) => {
        if (!match(e as Extract<SessionEmitted, { type: T }>)) return
        sub.unsubscribe()
        resolve(e as Extract<SessionEmitted, { type: T }>)
      })
    })
  const paymentChild = () => session.getSnapshot().children.payment as AnyActorRef | undefined
  let dialogs = 0

  const functions = bridgeFunctions({
    appId: o.app.appId,
    manifest: o.app.manifest,
    api: o.api ?? httpBridgeApi,
    controls: o.controls,
    appVersion: () => context().appVersion,
    network: () => context().network,
    granted: () => context().granted,
    currentPage: () => (context().stack.at(-1) ?? '').split('?', 1)[0]!,
    send: (event) => session.send(event),
    now,
    async payment(input) {
      session.send({ type: 'screen.payment', input: { appName: o.app.manifest.appName, ...input } })
      const child = paymentChild() ?? failWith('UNKNOWN', 'another screen is open')
      return firstValue(child, () => (child.getSnapshot().matches('processing') ? 'pay' : child.getSnapshot().status === 'done' ? 'cancel' : undefined))
    },
    async completion(result) {
      const child = paymentChild()
      if (!child?.getSnapshot().matches('processing')) return
      child.send({ type: 'payment.result', ...result })
      await firstValue(child, () => (child.getSnapshot().status === 'done' ? true : undefined))
    },
    abortPayment: () => paymentChild()?.send({ type: 'payment.abort' }),
    async topup(input) {
      const answered = emitted('topup.answered', () => true)
      session.send({ type: 'screen.topup', input })
      if (!session.getSnapshot().matches({ running: 'topup' })) failWith('UNKNOWN', 'another screen is open')
      return (await answered).output as { amount: number } | 'cancelled'
    },
    async dialog(dialog) {
      const id = `dialog-${++dialogs}`
      const answered = emitted('dialog.answered', (e) => e.id === id)
      session.send({ type: 'screen.dialog', dialog: { id, ...dialog } as MiniappDialog })
      if (context().dialog?.id !== id) failWith('UNKNOWN', 'another screen is open')
      return (await answered).value
    },
  })

  async function run(id: string, name: string) {
    await null // after the session's step that let the call through: what the function sends it is not nested in it
    const call = calls.get(id)
    if (!call) return
    try {
      const { appVersion, network } = context()
      await beforeFunction(name, { forced: o.controls().forced[name], appVersion, network, onForcedUsed: o.onForcedUsed, sleep })
      if (name in eventRegistrations) return log({ direction: 'answer', name, id, ms: now() - call.started, result: 'registered' })
      const result = await functions[name as PpFunctionName](call.params)
      if (result === answeredBySession)
        return session.send({ type: 'pp.requestPermission', id, permissions: (call.params.permissions as never) ?? [call.params.name] })
      answer(id, true, result)
    } catch (error) {
      if (error instanceof BridgeFailure) answer(id, false, { errorCode: error.code, errorMessage: error.message, ...error.extra })
      else answer(id, false, { errorCode: 'UNKNOWN', errorMessage: error instanceof Error ? error.message : String(error) })
    }
  }

  function start(stack?: string[]) {
    session?.stop()
    const controls = o.controls()
    const input = { manifest: o.app.manifest, appVersion: controls.appVersion, network: controls.network, consent: o.consent.read(), stack }
    const actor = createActor(miniappSessionMachine, { input, inspect: inspectOption() })
    let kept = JSON.stringify(input.consent)
    actor.on('call.answer', (e) => answer(e.id, e.ok, e.result))
    actor.on('call.run', (e) => void run(e.id, e.name))
    actor.on('page', (e) => emit(e.event, e.page === undefined ? undefined : { page: e.page.split('?', 1)[0] }))
    actor.subscribe((snapshot) => {
      const record = { granted: snapshot.context.granted, answered: snapshot.context.answered }
      if (JSON.stringify(record) !== kept && snapshot.context.answered.length + (kept === 'null' ? 0 : 1) > 0) o.consent.write(record)
      kept = JSON.stringify(record)
    })
    session = actor
    actor.start()
    for (const listener of listeners) listener()
  }

  const onMessage = (e: Event) => {
    const message = e as MessageEvent
    const frameWindow = o.frame()?.contentWindow
    if (disposed || !frameWindow || message.source !== frameWindow) return
    const parsed = v.safeParse(ppCallMessageSchema, message.data)
    if (!parsed.success) return
    const { id, name, params } = parsed.output
    const p = typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {}
    log({ direction: 'call', name, id, params })
    calls.set(id, { name, params: p, started: now() })
    if (!isFunction(name)) return answer(id, false, { errorCode: 'UNKNOWN', errorMessage: `pp.${name} is not a function of the bridge` })
    if (name !== 'init') return session.send({ type: 'pp.call', id, name })
    const forced = o.controls().forced.init
    if (forced) o.onForcedUsed?.('init')
    session.send({ type: 'pp.init', id, ...(forced ? { forced } : {}) })
  }
  win.addEventListener('message', onMessage)
  start()

  return {
    /** The session running now (a new one after every restart). */
    session: () => session,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** Reload, reopen, Reset consent: a new session (the gate armed again), on `stack` or the entry page. */
    restart: (stack?: string[]) => start(stack),
    /** An event to the page in the frame (lifecycle, pull-down refresh, shake). */
    emit,
    /** The page on top of the session's stack (`pages/home`). */
    currentPage: () => (context().stack.at(-1) ?? '').split('?', 1)[0]!,
    dispose() {
      disposed = true
      session.stop()
      win.removeEventListener('message', onMessage)
    },
  }
}
export type BridgeHost = ReturnType<typeof createBridgeHost>
