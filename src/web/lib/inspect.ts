import type { InspectionEvent, Observer } from 'xstate'

/**
 * Stately inspection for every actor the app starts (docs/architecture.md §4). Turned on by `?inspect` in the
 * URL or `VITE_INSPECT=1` at build time. `@statelyai/inspect` is loaded with a dynamic import, so it is its own
 * chunk and is never fetched otherwise. Events are posted to `/inspector.html` (our offline receiver) in an
 * iframe docked at the bottom of the page.
 *
 * Usage: `createActor(machine, { input, inspect: inspectOption() })` or `useMachine(machine, { inspect: inspectOption() })`.
 */

export function inspectionEnabled(): boolean {
  if (import.meta.env?.VITE_INSPECT === '1') return true
  if (typeof window === 'undefined') return false
  return new URLSearchParams(window.location.search).has('inspect')
}

type InspectObserver = Observer<InspectionEvent>
let shared: InspectObserver | undefined

/** The `inspect` option for createActor/useMachine: one observer shared by all actors, or undefined when off. */
export function inspectOption(): InspectObserver | undefined {
  if (!inspectionEnabled()) return undefined
  shared ??= lazyBrowserInspector()
  return shared
}

/**
 * Actors are created synchronously, the inspector arrives later: events wait in a queue until it has loaded.
 * (The inspector itself then holds them until the receiver page says it is connected.)
 */
function lazyBrowserInspector(): InspectObserver {
  const pending: InspectionEvent[] = []
  let target: InspectObserver | undefined
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const iframe = document.createElement('iframe')
    iframe.title = 'State machine inspector'
    iframe.dataset.inspector = ''
    iframe.style.cssText =
      'position:fixed;inset:auto 0 0 auto;width:min(480px,100vw);height:40vh;border:1px solid #ccc;background:#fff;z-index:2147483647'
    document.body.append(iframe)
    const inspector = createBrowserInspector({ iframe, url: '/inspector.html' })
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
