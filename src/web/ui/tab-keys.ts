import { useRef, type KeyboardEvent } from 'react'

/**
 * Arrow keys along a tab list (WAI-ARIA tabs): Left/Right select the neighbouring tab, wrapping around, and focus
 * moves with the selection. Put `onKeyDown` on the tablist and `tabRef(id)` on each tab button.
 */
export function useTabKeys<Id extends string>(ids: readonly Id[], current: Id, select: (id: Id) => void) {
  const refs = useRef(new Map<Id, HTMLButtonElement>())
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step || ids.length === 0) return
    event.preventDefault()
    const next = ids[(ids.indexOf(current) + step + ids.length) % ids.length]!
    select(next)
    refs.current.get(next)?.focus()
  }
  const tabRef = (id: Id) => (el: HTMLButtonElement | null) => {
    if (el) refs.current.set(id, el)
    else refs.current.delete(id)
  }
  return { onKeyDown, tabRef }
}
