import { useEffect, useRef, useState } from 'react'
import './ui.css'

/**
 * A thin bar at the top of the page: it creeps forward while `active`, then runs to the end and fades out.
 * Purely visual (aria-hidden): loading states are announced by the content that loads.
 */
export function ProgressBar({ active }: { active: boolean }) {
  const [progress, setProgress] = useState(0)
  const [visible, setVisible] = useState(false)
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined)

  useEffect(() => {
    clearInterval(timer.current)
    if (active) {
      setVisible(true)
      setProgress((p) => (p >= 100 ? 10 : Math.max(p, 10)))
      timer.current = setInterval(() => setProgress((p) => Math.min(90, p + (90 - p) * 0.1)), 200)
      return () => clearInterval(timer.current)
    }
    if (!visible) return
    setProgress(100)
    const hide = setTimeout(() => {
      setVisible(false)
      setProgress(0)
    }, 300)
    return () => clearTimeout(hide)
  }, [active, visible])

  return (
    <div className="ui-progress" aria-hidden="true" data-active={active ? 'true' : 'false'} data-visible={visible ? 'true' : 'false'}>
      <div className="ui-progress__bar" style={{ transform: `scaleX(${progress / 100})` }} />
    </div>
  )
}
