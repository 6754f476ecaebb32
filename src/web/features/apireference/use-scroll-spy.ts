import { useEffect, useState } from 'react'

/**
 * Which of the page's sections is being read (issue 20, the API reference's side list follows the text): the last
 * heading, in document order, whose top has passed the line just under the sticky header. Recomputed once a frame
 * while the page scrolls or resizes; null above the first heading.
 */
export function useScrollSpy(ids: readonly string[], offset = 96): string | null {
  const [current, setCurrent] = useState<string | null>(null)
  const key = ids.join(' ')
  useEffect(() => {
    if (!key) return
    const list = key.split(' ')
    let frame = 0
    const measure = () => {
      frame = 0
      let found: string | null = null
      for (const id of list) {
        const el = document.getElementById(id)
        if (!el) continue
        if (el.getBoundingClientRect().top - offset > 1) break
        found = id
      }
      setCurrent(found)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [key, offset])
  return current
}
