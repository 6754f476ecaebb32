import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Balloon } from '@/web/ui/balloon.tsx'
import { Button } from '@/web/ui/button.tsx'
import { Card } from '@/web/ui/card.tsx'
import { Expand } from '@/web/ui/expand.tsx'
import { HalfSheet } from '@/web/ui/halfsheet.tsx'
import { Label } from '@/web/ui/label.tsx'
import { List } from '@/web/ui/list.tsx'
import { NavBar } from '@/web/ui/nav-bar.tsx'
import { PageControls } from '@/web/ui/page-controls.tsx'
import { Checkbox, Radio, Switch } from '@/web/ui/selection-controls.tsx'
import { Slider } from '@/web/ui/slider.tsx'
import { Tabs } from '@/web/ui/tabs.tsx'
import { TextField } from '@/web/ui/text-field.tsx'
import { ToastRegion, type ToastItem } from '@/web/ui/toast.tsx'
import type { ComponentName } from './names.ts'
import { Example } from './styleguide-layout.tsx'

function HalfSheetDemo() {
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

function ToastDemo() {
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

function PageControlsDemo() {
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

function SliderDemo() {
  const { t } = useLingui()
  const [amount, setAmount] = useState(1000)
  return <Slider label={t`Top-up amount`} min={1000} max={50000} step={1000} value={amount} onChange={setAmount} format={(v) => `¥${v.toLocaleString()}`} />
}

export function ComponentExamples({ name }: { name: ComponentName }) {
  const { t } = useLingui()
  switch (name) {
    case 'balloon':
      return (
        <Example title={t`Balloons`}>
          <div className="sg-row sg-row--top">
            <Balloon>
              <Trans>Scan the code with the PayLab app.</Trans>
            </Balloon>
            <Balloon tone="brand" placement="top">
              <Trans>New: pay with points</Trans>
            </Balloon>
          </div>
        </Example>
      )
    case 'buttons':
      return (
        <Example title={t`Buttons`}>
          <div className="sg-row">
            <Button>
              <Trans>Pay now</Trans>
            </Button>
            <Button variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="ghost">
              <Trans>Details</Trans>
            </Button>
            <Button size="small">
              <Trans>Small</Trans>
            </Button>
            <Button disabled>
              <Trans>Disabled</Trans>
            </Button>
          </div>
        </Example>
      )
    case 'expand':
      return (
        <Example title={t`Expand`}>
          <Expand summary={t`What is a merchant payment ID?`}>
            <p>
              <Trans>Your own unique ID for each payment; send the same ID again and the sandbox answers with the first payment.</Trans>
            </p>
          </Expand>
        </Example>
      )
    case 'cards':
      return (
        <Example title={t`Cards`}>
          <div className="sg-grid sg-grid--wide">
            <Card title={t`Web Payment`}>
              <Trans>Checkout on your website.</Trans>
            </Card>
            <Card title={t`Node.js SDK`} href="https://github.com/paypay/paypayopa-sdk-node" external>
              <Trans>Opens in a new tab.</Trans>
            </Card>
          </div>
        </Example>
      )
    case 'halfsheets':
      return (
        <Example title={t`Half sheets`}>
          <HalfSheetDemo />
        </Example>
      )
    case 'label':
      return (
        <Example title={t`Labels`}>
          <div className="sg-row">
            <Label tone="brand">
              <Trans>Mandatory</Trans>
            </Label>
            <Label>
              <Trans>Optional</Trans>
            </Label>
            <Label tone="success">
              <Trans>Completed</Trans>
            </Label>
            <Label tone="warning">
              <Trans>Pending</Trans>
            </Label>
            <Label tone="danger">
              <Trans>Failed</Trans>
            </Label>
          </div>
        </Example>
      )
    case 'selectioncontrols':
      return (
        <Example title={t`Selection controls`}>
          <fieldset className="sg-fieldset">
            <legend>
              <Trans>Products</Trans>
            </legend>
            <Checkbox label={t`Dynamic QR Code`} defaultChecked />
            <Checkbox label={t`App Invoke`} />
          </fieldset>
          <fieldset className="sg-fieldset">
            <legend>
              <Trans>Mode</Trans>
            </legend>
            <Radio name="sg-mode" label={t`Test`} defaultChecked />
            <Radio name="sg-mode" label={t`Live`} />
          </fieldset>
          <Switch label={t`Keep me signed in`} />
        </Example>
      )
    case 'tab':
      return (
        <Example title={t`Tabs`}>
          <Tabs
            label={t`Settings`}
            items={[
              { id: 'configuration', label: t`Configuration`, content: <Trans>Callback URLs and allowed domains.</Trans> },
              { id: 'keys', label: t`API Keys`, content: <Trans>Your sandbox API key and secret.</Trans> },
              { id: 'scopes', label: t`OPA Scopes`, content: <Trans>The products this merchant may use.</Trans> },
            ]}
          />
        </Example>
      )
    case 'toast':
      return (
        <Example title={t`Toasts`}>
          <ToastDemo />
        </Example>
      )
    case 'form':
      return (
        <Example title={t`Form fields`}>
          <form className="sg-form" onSubmit={(e) => e.preventDefault()}>
            <TextField label={t`E-mail`} type="email" autoComplete="email" hint={t`We send a one-time password here.`} />
            <TextField label={t`Password`} type="password" autoComplete="new-password" error={t`At least 6 characters`} />
            <Button type="submit">
              <Trans>Sign up</Trans>
            </Button>
          </form>
        </Example>
      )
    case 'header':
      return (
        <Example title={t`Mini-app navigation bar`}>
          <div className="sg-phone">
            <NavBar title={t`Cake shop`} backLabel={t`Back`} menuLabel={t`Menu`} closeLabel={t`Close`} />
          </div>
        </Example>
      )
    case 'pagecontrols':
      return (
        <Example title={t`Page controls`}>
          <PageControlsDemo />
        </Example>
      )
    case 'list':
      return (
        <Example title={t`Lists`}>
          <List
            label={t`Transactions`}
            items={[
              { id: '1', title: t`Strawberry cake`, description: '2026-11-20 14:02', trailing: '¥1' },
              { id: '2', title: t`Top-up`, description: '2026-11-19 09:30', trailing: '¥1,000' },
            ]}
          />
        </Example>
      )
    case 'slider':
      return (
        <Example title={t`Slider`}>
          <SliderDemo />
        </Example>
      )
  }
}
