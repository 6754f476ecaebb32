import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { Button } from '@/web/ui/button.tsx'
import { HalfSheet } from '@/web/ui/halfsheet.tsx'
import { List } from '@/web/ui/list.tsx'
import { PageControls } from '@/web/ui/page-controls.tsx'
import { Radio } from '@/web/ui/selection-controls.tsx'
import { Slider } from '@/web/ui/slider.tsx'
import { Tabs } from '@/web/ui/tabs.tsx'
import { ToastRegion, type ToastItem } from '@/web/ui/toast.tsx'

/** The live demos and layout helpers of the style guide's component examples (component-examples.tsx). */

/** One labelled cell of a variants grid: the live component and the name of its variant or state. */
export function Variant({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <figure className={`sg-variant${wide ? ' sg-variant--wide' : ''}`}>
      <div className="sg-variant__stage">{children}</div>
      <figcaption>{label}</figcaption>
    </figure>
  )
}

export function Variants({ children }: { children: ReactNode }) {
  return <div className="sg-variants">{children}</div>
}

export function HalfSheetDemo() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Trans>Open the half sheet</Trans>
      </Button>
      <HalfSheet open={open} onClose={() => setOpen(false)} title={t`Payment method`} closeLabel={t`Close`}>
        <Radio name="sg-method" label={t`PayLab balance`} defaultChecked />
      </HalfSheet>
    </>
  )
}

export function ToastDemo() {
  const { t } = useLingui()
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const add = (kind: ToastItem['kind']) =>
    setToasts((list) => [...list, { id: (list[list.length - 1]?.id ?? 0) + 1, kind, message: kind === 'error' ? t`Payment failed` : t`Payment completed` }])
  return (
    <>
      <div className="sg-row">
        <Button variant="secondary" onClick={() => add('success')}>
          <Trans>Show a success toast</Trans>
        </Button>
        <Button variant="secondary" onClick={() => add('error')}>
          <Trans>Show an error toast</Trans>
        </Button>
      </div>
      <ToastRegion toasts={toasts} onDismiss={(id) => setToasts((list) => list.filter((x) => x.id !== id))} dismissLabel={t`Dismiss`} />
    </>
  )
}

export function PageControlsDemo() {
  const { t } = useLingui()
  const [index, setIndex] = useState(0)
  return (
    <>
      <p aria-live="polite">
        <Trans>Screen {index + 1} of 4</Trans>
      </p>
      <PageControls
        count={4}
        index={index}
        onChange={setIndex}
        label={t`Onboarding screens`}
        previousLabel={t`Previous`}
        nextLabel={t`Next`}
        pageLabel={(n) => t`Screen ${n}`}
      />
    </>
  )
}

export function SliderDemo() {
  const { t } = useLingui()
  const [amount, setAmount] = useState(1000)
  return <Slider label={t`Top-up amount`} min={1000} max={50000} step={1000} value={amount} onChange={setAmount} format={(v) => `¥${v.toLocaleString()}`} />
}

export function SettingsTabs({ initial }: { initial?: string }) {
  const { t } = useLingui()
  return (
    <Tabs
      label={t`Settings`}
      {...(initial ? { initial } : {})}
      items={[
        { id: 'configuration', label: t`Configuration`, content: <Trans>Callback URLs and allowed domains.</Trans> },
        { id: 'keys', label: t`API Keys`, content: <Trans>Your sandbox API key and secret.</Trans> },
        { id: 'scopes', label: t`OPA Scopes`, content: <Trans>The products this merchant may use.</Trans> },
      ]}
    />
  )
}

export function TransactionList() {
  const { t } = useLingui()
  return (
    <List
      label={t`Transactions`}
      items={[
        { id: '1', title: t`Strawberry cake`, description: '2026-11-20 14:02', trailing: '¥1' },
        { id: '2', title: t`Top-up`, description: '2026-11-19 09:30', trailing: '¥1,000' },
      ]}
    />
  )
}

/** A toast drawn in place (the live region of the page is fixed to the corner; this one sits in the example). */
export function StaticToast({ kind, message }: { kind: ToastItem['kind']; message: string }) {
  const { t } = useLingui()
  return (
    <div className="sg-static-toasts">
      <ToastRegion toasts={[{ id: 1, kind, message }]} onDismiss={() => undefined} dismissLabel={t`Dismiss`} />
    </div>
  )
}
