import { Trans } from '@lingui/react/macro'
import { Suspense, useEffect, useState } from 'react'
import { lazyWithCatalogs } from '@/web/lib/i18n.ts'
import { buttonClass } from '@/web/ui/button.tsx'
import { useHydrated } from '@/web/ui/use-hydrated.ts'
import type { CheckoutFlow } from './cake-shop.tsx'

/** The shop's chunk (machines, xstate, qrcode) and its catalog are fetched only when the demo is used, never with the entry. */
const CakeShop = lazyWithCatalogs(['cake-shop'], () => import('./cake-shop.tsx').then((m) => m.CakeShop))

/**
 * The server-rendered shell of the cake-shop checkout: `autoStart` (the /demo/checkout page) loads the shop right
 * after hydration; otherwise (the docs' payment-demo block) a button does.
 */
export function CheckoutDemo({
  initialFlow = 'qr',
  autoStart = false,
  onFlowChange,
}: {
  initialFlow?: CheckoutFlow
  autoStart?: boolean
  /** The page's own tab param: the address follows the tab (the /demo/checkout page). */
  onFlowChange?: (flow: CheckoutFlow) => void
}) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (autoStart) setOpen(true)
  }, [autoStart])
  const loading = (
    <p className="cake-shell__loading" role="status">
      <Trans>Opening the cake shop…</Trans>
    </p>
  )
  if (!open) {
    return autoStart ? (
      loading
    ) : (
      // disabled until the page is hydrated; a page that keeps its blocks' server HTML enables it (kept-blocks.tsx)
      <button
        type="button"
        className={buttonClass('primary', 'small')}
        disabled={!hydrated}
        data-awaits-hydration={hydrated ? undefined : ''}
        onClick={() => setOpen(true)}
      >
        <Trans>Try the cake-shop checkout here</Trans>
      </button>
    )
  }
  return (
    <Suspense fallback={loading}>
      <CakeShop initialFlow={initialFlow} onFlowChange={onFlowChange} />
    </Suspense>
  )
}
