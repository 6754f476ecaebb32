/**
 * Whether Stately inspection is asked for (`?inspect` in the URL, or `VITE_INSPECT=1` at build time): inspect.ts.
 * Apart from it because the session (in the entry chunk) asks this at start; the rest of inspect.ts is read by the
 * machines' lazy chunks only, and beside this question it would sit in every page's entry.
 */
export function inspectionEnabled(): boolean {
  if (import.meta.env?.VITE_INSPECT === '1') return true
  if (typeof window === 'undefined') return false
  return new URLSearchParams(window.location.search).has('inspect')
}
