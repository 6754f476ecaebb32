import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Icon } from '@/web/ui/icons.tsx'

/** A round button that appears after one screen of scrolling and takes the reader back to the top. */
export function ScrollToTop() {
  const { t } = useLingui()
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > window.innerHeight)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  if (!shown) return null
  return (
    <button
      type="button"
      className="shell-scroll-top"
      aria-label={t`Back to top`}
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
        document.querySelector<HTMLElement>('#main-content')?.focus({ preventScroll: true })
      }}
    >
      <Icon name="arrow-up" />
    </button>
  )
}
