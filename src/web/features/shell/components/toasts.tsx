import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { limits } from '@/domain/limits.ts'
import { shellEvents } from '@/web/lib/events.ts'
import { ToastRegion, type ToastItem } from '@/web/ui/toast.tsx'

/** Shows toasts raised with `showToast()`; each stays for the spec's alert display time unless dismissed. */
export function Toasts() {
  const { t } = useLingui()
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const nextId = useRef(1)

  useEffect(
    () =>
      shellEvents.on((event) => {
        if (event.type !== 'toast.show') return
        const id = nextId.current++
        setToasts((list) => [...list, { id, kind: event.kind, message: event.message }])
        setTimeout(() => setToasts((list) => list.filter((toast) => toast.id !== id)), limits.alertDisplayMs)
      }),
    [],
  )
  return <ToastRegion toasts={toasts} dismissLabel={t`Dismiss`} onDismiss={(id) => setToasts((list) => list.filter((toast) => toast.id !== id))} />
}
