import type { InspectionEvent, Observer } from 'xstate'
import { inspectionEnabled } from './inspect-flag.ts'
import { recordingHook, recordingObserver } from './inspect-record.ts'

/**
 * Stately inspection for every actor the app starts (docs/architecture.md §4): `?inspect` in the URL or
 * `VITE_INSPECT=1` at build time attaches `@statelyai/inspect`'s browser inspector to the session and to every
 * flow's actor (invoked children such as the OTP panel come with their parent), from each one's first state.
 *
 * Where it shows: the Stately inspector (https://stately.ai/inspect) in a panel docked at the bottom right; when
 * that site cannot be reached (offline), the local viewer `/inspector.html`, which draws the live statechart and
 * the event log. `?inspect=local` asks for the local viewer directly. `@statelyai/inspect` is loaded with a
 * dynamic import, so it is its own chunk and never fetched otherwise.
 *
 * Usage: `createActor(machine, { input, inspect: inspectOption() })` or `useMachine(machine, { inspect: inspectOption() })`.
 */

export const statelyInspectorUrl = 'https://stately.ai/inspect'
export const localInspectorUrl = '/inspector.html'

export { inspectionEnabled }

type InspectObserver = Observer<InspectionEvent>
let shared: InspectObserver | undefined
let recorder: InspectObserver | undefined

/**
 * The `inspect` option for createActor/useMachine: one observer shared by all actors, or undefined when off. Under
 * the browser tests (their page exposes the recording hook: inspect-record.ts) every actor is also recorded, with or
 * without `?inspect`, so that the suite can replay what the browser did on the machines.
 */
export function inspectOption(): InspectObserver | undefined {
  const hook = recordingHook()
  if (hook) recorder ??= recordingObserver(hook)
  if (!inspectionEnabled()) return recorder
  shared ??= lazyBrowserInspector()
  if (!recorder) return shared
  const [inspector, recording] = [shared, recorder]
  return {
    next(event) {
      inspector.next?.(event)
      recording.next?.(event)
    },
  }
}

/** Whether the Stately inspector answers (an opaque answer is enough); no answer within the time limit = offline. */
async function statelyReachable(timeoutMs = 3_000): Promise<boolean> {
  try {
    await fetch(statelyInspectorUrl, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) })
    return true
  } catch {
    return false
  }
}

/** The page the inspector posts to: the Stately inspector when it can be reached, else the local viewer. */
export async function inspectorUrl(): Promise<string> {
  if (new URLSearchParams(window.location.search).get('inspect') === 'local') return localInspectorUrl
  return (await statelyReachable()) ? statelyInspectorUrl : localInspectorUrl
}

type PageInspector = ReturnType<(typeof import('@statelyai/inspect'))['createBrowserInspector']>
let loading: Promise<PageInspector> | undefined

/** Loads the inspector once: its chunk, then the docked panel showing the Stately inspector or the local viewer. */
function loadInspector(): Promise<PageInspector> {
  loading ??= Promise.all([import('@statelyai/inspect'), inspectorUrl()]).then(([{ createBrowserInspector }, url]) => {
    const iframe = document.createElement('iframe')
    iframe.title = 'State machine inspector'
    iframe.dataset.inspector = url === localInspectorUrl ? 'local' : 'stately'
    iframe.style.cssText = 'position:fixed;inset:auto 0 0 auto;width:min(960px,100vw);height:45vh;border:1px solid #ccc;background:#fff;z-index:2147483647'
    document.body.append(iframe)
    return createBrowserInspector({ iframe, url })
  })
  return loading
}

/**
 * Actors are created synchronously, the inspector arrives later: events wait in a queue until it has loaded.
 * (The inspector itself then holds them until the page it posts to says it is connected.)
 */
function lazyBrowserInspector(): InspectObserver {
  const pending: InspectionEvent[] = []
  let target: InspectObserver | undefined
  void loadInspector().then((inspector) => {
    target = inspector.inspect
    for (const event of pending.splice(0)) target.next?.(event)
  })
  return {
    next(event) {
      if (target) target.next?.(event)
      else pending.push(event)
    },
  }
}

/**
 * The page's inspector itself, for actors that run elsewhere and are told to it by hand (`actor`, `event`,
 * `snapshot`): the sandbox's machines streamed from the server (features/sandbox/server-machines.ts).
 */
export function pageInspector(): Promise<PageInspector> {
  shared ??= lazyBrowserInspector()
  return loadInspector()
}
