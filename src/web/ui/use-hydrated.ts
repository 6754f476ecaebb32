import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server's HTML and while React hydrates it, true from then on. Forms of a server-rendered page disable
 * their controls until then: what is typed or clicked before the page runs would not reach the form's state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
