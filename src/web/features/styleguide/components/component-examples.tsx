import { Trans, useLingui } from '@lingui/react/macro'
import { Balloon } from '@/web/ui/balloon.tsx'
import { Button } from '@/web/ui/button.tsx'
import { Card } from '@/web/ui/card.tsx'
import { Expand } from '@/web/ui/expand.tsx'
import { Label } from '@/web/ui/label.tsx'
import { List } from '@/web/ui/list.tsx'
import { NavBar } from '@/web/ui/nav-bar.tsx'
import { Checkbox, Radio, Switch } from '@/web/ui/selection-controls.tsx'
import { TextField } from '@/web/ui/text-field.tsx'
import { Icon } from '@/web/ui/icons.tsx'
import type { ComponentName } from './names.ts'
import { Example } from './styleguide-layout.tsx'
import {
  HalfSheetDemo,
  PageControlsDemo,
  SettingsTabs,
  SliderDemo,
  StaticToast,
  ToastDemo,
  TransactionList,
  Variant,
  Variants,
} from './component-example-demos.tsx'

/** The component once, in its default form: the figure of the anatomy section. */
export function ComponentPreview({ name }: { name: ComponentName }) {
  const { t } = useLingui()
  switch (name) {
    case 'balloon':
      return (
        <Balloon>
          <Trans>Scan the code with the PayLab app.</Trans>
        </Balloon>
      )
    case 'buttons':
      return (
        <Button icon={<Icon name="wallet" size={20} />}>
          <Trans>Pay now</Trans>
        </Button>
      )
    case 'expand':
      return (
        <Expand summary={t`What is a merchant payment ID?`} defaultOpen>
          <p>
            <Trans>Your own unique ID for each payment; send the same ID again and the sandbox answers with the first payment.</Trans>
          </p>
        </Expand>
      )
    case 'cards':
      return (
        <Card title={t`Web Payment`} href="/products/docs/webpayment">
          <Trans>Checkout on your website.</Trans>
        </Card>
      )
    case 'halfsheets':
      return <HalfSheetDemo />
    case 'label':
      return (
        <Label tone="success">
          <Trans>Completed</Trans>
        </Label>
      )
    case 'selectioncontrols':
      return <Checkbox label={t`Dynamic QR Code`} defaultChecked />
    case 'tab':
      return <SettingsTabs />
    case 'toast':
      return <StaticToast kind="success" message={t`Payment completed`} />
    case 'form':
      return <TextField label={t`E-mail`} type="email" autoComplete="email" hint={t`We send a one-time password here.`} />
    case 'header':
      return (
        <div className="sg-phone">
          <NavBar title={t`Cake shop`} backLabel={t`Back`} menuLabel={t`Menu`} closeLabel={t`Close`} />
        </div>
      )
    case 'pagecontrols':
      return <PageControlsDemo />
    case 'list':
      return <TransactionList />
    case 'slider':
      return <SliderDemo />
  }
}

/** Every variant and state of a component, each drawn live and named. */
export function ComponentExamples({ name }: { name: ComponentName }) {
  const { t } = useLingui()
  switch (name) {
    case 'balloon':
      return (
        <Variants>
          <Variant label={t`Dark, pointing down`}>
            <Balloon>
              <Trans>Scan the code with the PayLab app.</Trans>
            </Balloon>
          </Variant>
          <Variant label={t`Brand, pointing up`}>
            <Balloon tone="brand" placement="top">
              <Trans>New: pay with points</Trans>
            </Balloon>
          </Variant>
        </Variants>
      )
    case 'buttons':
      return (
        <Variants>
          <Variant label={t`Primary`}>
            <Button>
              <Trans>Pay now</Trans>
            </Button>
          </Variant>
          <Variant label={t`Secondary`}>
            <Button variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
          </Variant>
          <Variant label={t`Ghost (text)`}>
            <Button variant="ghost">
              <Trans>Details</Trans>
            </Button>
          </Variant>
          <Variant label={t`Small`}>
            <Button size="small">
              <Trans>Small</Trans>
            </Button>
          </Variant>
          <Variant label={t`With an icon`}>
            <Button variant="secondary" icon={<Icon name="search" size={20} />}>
              <Trans>Search</Trans>
            </Button>
          </Variant>
          <Variant label={t`Disabled`}>
            <Button disabled>
              <Trans>Disabled</Trans>
            </Button>
          </Variant>
          <Variant label={t`Disabled secondary`}>
            <Button variant="secondary" disabled>
              <Trans>Cancel</Trans>
            </Button>
          </Variant>
        </Variants>
      )
    case 'expand':
      return (
        <Variants>
          <Variant label={t`Closed`} wide>
            <Expand summary={t`Can I refund part of a payment?`}>
              <p>
                <Trans>Yes: send the amount to refund; the rest stays paid.</Trans>
              </p>
            </Expand>
          </Variant>
          <Variant label={t`Open`} wide>
            <Expand summary={t`What is a merchant payment ID?`} defaultOpen>
              <p>
                <Trans>Your own unique ID for each payment; send the same ID again and the sandbox answers with the first payment.</Trans>
              </p>
            </Expand>
          </Variant>
        </Variants>
      )
    case 'cards':
      return (
        <Variants>
          <Variant label={t`Plain`} wide>
            <Card title={t`Web Payment`}>
              <Trans>Checkout on your website.</Trans>
            </Card>
          </Variant>
          <Variant label={t`Link in the portal (same tab)`} wide>
            <Card title={t`Dynamic QR Code`} href="/products/docs/qrcode">
              <Trans>Show a code at the register.</Trans>
            </Card>
          </Variant>
          <Variant label={t`External link (new tab)`} wide>
            <Card title={t`Node.js SDK`} href="https://github.com/paypay/paypayopa-sdk-node" external>
              <Trans>Opens in a new tab.</Trans>
            </Card>
          </Variant>
        </Variants>
      )
    case 'halfsheets':
      return (
        <Variants>
          <Variant label={t`Closed: opened by a button`} wide>
            <HalfSheetDemo />
          </Variant>
        </Variants>
      )
    case 'label':
      return (
        <Variants>
          <Variant label={t`Brand`}>
            <Label tone="brand">
              <Trans>Mandatory</Trans>
            </Label>
          </Variant>
          <Variant label={t`Neutral`}>
            <Label>
              <Trans>Optional</Trans>
            </Label>
          </Variant>
          <Variant label={t`Success`}>
            <Label tone="success">
              <Trans>Completed</Trans>
            </Label>
          </Variant>
          <Variant label={t`Warning`}>
            <Label tone="warning">
              <Trans>Pending</Trans>
            </Label>
          </Variant>
          <Variant label={t`Danger`}>
            <Label tone="danger">
              <Trans>Failed</Trans>
            </Label>
          </Variant>
        </Variants>
      )
    case 'selectioncontrols':
      return (
        <Variants>
          <Variant label={t`Checkbox: checked, unchecked, disabled`} wide>
            <fieldset className="sg-fieldset">
              <legend>
                <Trans>Products</Trans>
              </legend>
              <Checkbox label={t`Dynamic QR Code`} defaultChecked />
              <Checkbox label={t`App Invoke`} />
              <Checkbox label={t`Continuous payment`} disabled />
            </fieldset>
          </Variant>
          <Variant label={t`Radio: selected, not selected, disabled`} wide>
            <fieldset className="sg-fieldset">
              <legend>
                <Trans>Mode</Trans>
              </legend>
              <Radio name="sg-mode" label={t`Test`} defaultChecked />
              <Radio name="sg-mode" label={t`Live`} />
              <Radio name="sg-mode" label={t`Preview`} disabled />
            </fieldset>
          </Variant>
          <Variant label={t`Switch: off, on, disabled`} wide>
            <div className="sg-stack">
              <Switch label={t`Keep me signed in`} />
              <Switch label={t`E-mail me receipts`} defaultChecked />
              <Switch label={t`Beta features`} disabled />
            </div>
          </Variant>
        </Variants>
      )
    case 'tab':
      return (
        <Variants>
          <Variant label={t`First tab selected`} wide>
            <SettingsTabs />
          </Variant>
          <Variant label={t`Another tab selected`} wide>
            <SettingsTabs initial="keys" />
          </Variant>
        </Variants>
      )
    case 'toast':
      return (
        <>
          <Variants>
            <Variant label={t`Success`} wide>
              <StaticToast kind="success" message={t`Payment completed`} />
            </Variant>
            <Variant label={t`Error`} wide>
              <StaticToast kind="error" message={t`Payment failed`} />
            </Variant>
            <Variant label={t`Information`} wide>
              <StaticToast kind="info" message={t`Copied to the clipboard`} />
            </Variant>
          </Variants>
          <Example title={t`Live: toasts as they appear`} level={3}>
            <ToastDemo />
          </Example>
        </>
      )
    case 'form':
      return (
        <Variants>
          <Variant label={t`Empty, with a hint`} wide>
            <TextField label={t`E-mail`} type="email" autoComplete="email" hint={t`We send a one-time password here.`} />
          </Variant>
          <Variant label={t`Filled`} wide>
            <TextField label={t`Merchant name`} defaultValue="PayLab Cafe" />
          </Variant>
          <Variant label={t`Error`} wide>
            <TextField label={t`Password`} type="password" autoComplete="new-password" error={t`At least 6 characters`} />
          </Variant>
          <Variant label={t`Disabled`} wide>
            <TextField label={t`Merchant ID`} defaultValue="123456789012345678" disabled />
          </Variant>
        </Variants>
      )
    case 'header':
      return (
        <Variants>
          <Variant label={t`Mini-app navigation bar`} wide>
            <div className="sg-phone">
              <NavBar title={t`Cake shop`} backLabel={t`Back`} menuLabel={t`Menu`} closeLabel={t`Close`} />
            </div>
          </Variant>
          <Variant label={t`Long screen name`} wide>
            <div className="sg-phone">
              <NavBar title={t`Strawberry shortcake with seasonal fruit`} backLabel={t`Back`} menuLabel={t`Menu`} closeLabel={t`Close`} />
            </div>
          </Variant>
        </Variants>
      )
    case 'pagecontrols':
      return (
        <Variants>
          <Variant label={t`Interactive: four screens`} wide>
            <PageControlsDemo />
          </Variant>
        </Variants>
      )
    case 'list':
      return (
        <Variants>
          <Variant label={t`Title, description and amount`} wide>
            <TransactionList />
          </Variant>
          <Variant label={t`Title only`} wide>
            <List
              label={t`Settings`}
              items={[
                { id: 'a', title: t`Notifications` },
                { id: 'b', title: t`Language` },
              ]}
            />
          </Variant>
        </Variants>
      )
    case 'slider':
      return (
        <Variants>
          <Variant label={t`Interactive: amount in steps of ¥1,000`} wide>
            <SliderDemo />
          </Variant>
        </Variants>
      )
  }
}
