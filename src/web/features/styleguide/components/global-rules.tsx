import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '@/web/ui/button.tsx'
import { Icon, iconNames, LogoMark } from '@/web/ui/icons.tsx'
import { Label } from '@/web/ui/label.tsx'
import { tokensWithPrefix } from '../tokens.ts'
import { DoDont } from './do-dont.tsx'
import { TokenTable } from './token-table.tsx'
import type { GlobalRule } from './names.ts'
import { TextField } from '@/web/ui/text-field.tsx'
import { Example } from './styleguide-layout.tsx'

export function Philosophy() {
  return (
    <section aria-labelledby="sg-philosophy" className="sg-philosophy">
      <h2 id="sg-philosophy">
        <Trans>Design philosophy</Trans>
      </h2>
      <ul className="sg-grid sg-grid--wide">
        <li className="sg-principle">
          <strong>
            <Trans>Empathy</Trans>
          </strong>
          <span>
            <Trans>Start from the person paying and the person building: their situation, their worry, their next step.</Trans>
          </span>
        </li>
        <li className="sg-principle">
          <strong>
            <Trans>Simple</Trans>
          </strong>
          <span>
            <Trans>One clear action per screen; say it in few words and remove what does not help.</Trans>
          </span>
        </li>
        <li className="sg-principle">
          <strong>
            <Trans>Consistency</Trans>
          </strong>
          <span>
            <Trans>The same thing looks and behaves the same everywhere, so nothing has to be learnt twice.</Trans>
          </span>
        </li>
        <li className="sg-principle">
          <strong>
            <Trans>Happy</Trans>
          </strong>
          <span>
            <Trans>Paying should feel light and friendly; small moments of delight, never at the cost of clarity.</Trans>
          </span>
        </li>
      </ul>
    </section>
  )
}

function TransitionDemo() {
  const [on, setOn] = useState(false)
  return (
    <div className="sg-row">
      <Button variant="secondary" onClick={() => setOn(!on)} aria-pressed={on}>
        <Trans>Play</Trans>
      </Button>
      <span className={`sg-mover${on ? ' sg-mover--on' : ''}`} aria-hidden="true" />
    </div>
  )
}

function Tokens({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Example title={title}>
      {children}
      <p className="sg-note">
        <Trans>
          Values come from <code>src/web/ui/tokens.css</code>, the file the portal itself is styled with; use the token, never the raw value.
        </Trans>
      </p>
    </Example>
  )
}

/** What a global rule page shows: its tokens (values shown and copyable), live do and don't, and its examples. */
export function GlobalRuleExamples({ name }: { name: GlobalRule }) {
  const { t } = useLingui()
  const doDontTitle = t`Do and don't, drawn live`
  switch (name) {
    case 'color':
      return (
        <>
          <Tokens title={t`Colour tokens`}>
            <TokenTable
              caption={t`Colour tokens`}
              items={tokensWithPrefix('--color-')}
              preview={(tk) => <span className="sg-swatch" style={{ background: `var(${tk.name})` }} />}
            />
          </Tokens>
          <Example title={doDontTitle}>
            <DoDont
              good={
                <div className="sg-row">
                  <Button>
                    <Trans>Pay now</Trans>
                  </Button>
                  <Button variant="secondary">
                    <Trans>Cancel</Trans>
                  </Button>
                </div>
              }
              goodText={<Trans>One red primary action; the rest are secondary.</Trans>}
              bad={
                <div className="sg-row">
                  <Button>
                    <Trans>Pay now</Trans>
                  </Button>
                  <Button>
                    <Trans>Cancel</Trans>
                  </Button>
                  <Button>
                    <Trans>Details</Trans>
                  </Button>
                </div>
              }
              badText={<Trans>Several red buttons compete; nobody knows which one matters.</Trans>}
            />
            <DoDont
              good={
                <Label tone="danger">
                  <Trans>Failed</Trans>
                </Label>
              }
              goodText={<Trans>Status colour together with a word.</Trans>}
              bad={<span className="sg-dot" />}
              badText={<Trans>A red dot alone: invisible to colour-blind users and screen readers.</Trans>}
            />
          </Example>
        </>
      )
    case 'philosophy':
      return <Philosophy />
    case 'icongraphy':
      return (
        <>
          <Example title={t`Icons`}>
            <ul className="sg-grid sg-grid--icons">
              {iconNames.map((icon) => (
                <li key={icon} className="sg-icon">
                  <Icon name={icon} size={24} />
                  <code>{icon}</code>
                </li>
              ))}
            </ul>
          </Example>
          <Example title={doDontTitle}>
            <DoDont
              good={
                <Button variant="secondary" icon={<Icon name="search" size={20} />}>
                  <Trans>Search</Trans>
                </Button>
              }
              goodText={<Trans>An icon next to its word, or with an accessible name.</Trans>}
              bad={
                <span className="sg-row">
                  <Icon name="search" size={12} />
                  <Icon name="menu" size={40} />
                </span>
              }
              badText={<Trans>Unlabelled icons in mixed sizes.</Trans>}
            />
          </Example>
        </>
      )
    case 'illustration':
      return (
        <>
          <Example title={t`Brand mark and product art`}>
            <div className="sg-row">
              <LogoMark size={64} />
              {['webcashier', 'qrcode', 'appinvoke', 'autodebit'].map((p) => (
                <img key={p} src={`/products/${p}.svg`} alt={p} width={64} height={64} />
              ))}
            </div>
          </Example>
          <Example title={doDontTitle}>
            <DoDont
              good={<img src="/products/qrcode.svg" alt="" width={64} height={64} />}
              goodText={<Trans>Our own flat artwork at its size, with room around it.</Trans>}
              bad={<img src="/products/qrcode.svg" alt="" width={96} height={40} className="sg-stretched" />}
              badText={<Trans>Stretched or recoloured artwork.</Trans>}
            />
          </Example>
        </>
      )
    case 'interaction':
      return (
        <>
          <Example title={t`Hover, focus and disabled`}>
            <div className="sg-row">
              <Button>
                <Trans>Primary</Trans>
              </Button>
              <Button variant="secondary">
                <Trans>Secondary</Trans>
              </Button>
              <Button disabled>
                <Trans>Disabled</Trans>
              </Button>
            </div>
            <p>
              <Trans>Tab through the buttons: every focusable element shows the focus ring (--color-focus). Touch targets are at least 44 px.</Trans>
            </p>
          </Example>
          <Example title={doDontTitle}>
            <DoDont
              good={
                <Button className="sg-focus-shown">
                  <Trans>Save</Trans>
                </Button>
              }
              goodText={<Trans>A visible focus ring on every control.</Trans>}
              bad={
                <Button size="small" className="sg-no-focus">
                  <Trans>Save</Trans>
                </Button>
              }
              badText={<Trans>Focus ring removed and a target smaller than 44 px.</Trans>}
            />
          </Example>
        </>
      )
    case 'photo':
      return (
        <Example title={t`Photos`}>
          <p>
            <Trans>
              Use our own artwork; photos show real people paying in real places, in natural light, never with a competitor's brand. Give every image a text
              alternative.
            </Trans>
          </p>
          <DoDont
            good={<div className="sg-photo" role="img" aria-label={t`Placeholder of a 16:9 photo with 8 px corners`} />}
            goodText={<Trans>16:9, 8 px corners, a text alternative.</Trans>}
            bad={<div className="sg-photo sg-photo--bad" />}
            badText={<Trans>Odd crops, sharp corners, no description.</Trans>}
          />
        </Example>
      )
    case 'layout':
      return (
        <>
          <Tokens title={t`Spacing (8 px grid)`}>
            <TokenTable
              caption={t`Spacing tokens`}
              items={tokensWithPrefix('--space-')}
              preview={(tk) => <span className="sg-space" style={{ width: `var(${tk.name})` }} />}
            />
          </Tokens>
          <Example title={doDontTitle}>
            <DoDont
              good={
                <div className="sg-stack" style={{ gap: 'var(--space-2)' }}>
                  <TextFieldDemo />
                  <Button>
                    <Trans>Save</Trans>
                  </Button>
                </div>
              }
              goodText={<Trans>Gaps taken from the scale (16 px between a field and its button).</Trans>}
              bad={
                <div className="sg-stack" style={{ gap: '3px' }}>
                  <TextFieldDemo />
                  <Button>
                    <Trans>Save</Trans>
                  </Button>
                </div>
              }
              badText={<Trans>Ad-hoc gaps off the 8 px grid.</Trans>}
            />
          </Example>
        </>
      )
    case 'shadow':
      return (
        <>
          <Tokens title={t`Elevation`}>
            <TokenTable
              caption={t`Shadow tokens`}
              items={tokensWithPrefix('--shadow-')}
              preview={(tk) => <span className="sg-elevation" style={{ boxShadow: `var(${tk.name})` }} />}
            />
          </Tokens>
          <Example title={doDontTitle}>
            <DoDont
              good={<span className="sg-elevation sg-elevation--big" style={{ boxShadow: 'var(--shadow-soft)' }} />}
              goodText={<Trans>A soft shadow for cards; raised only for what floats (menus, dialogs).</Trans>}
              bad={<span className="sg-elevation sg-elevation--big sg-elevation--heavy" />}
              badText={<Trans>Dark, hard shadows that make the page heavy.</Trans>}
            />
          </Example>
        </>
      )
    case 'shape':
      return (
        <>
          <Tokens title={t`Corner radius`}>
            <TokenTable
              caption={t`Radius tokens`}
              items={tokensWithPrefix('--radius-')}
              preview={(tk) => <span className="sg-shape" style={{ borderRadius: `var(${tk.name})` }} />}
            />
          </Tokens>
          <Example title={doDontTitle}>
            <DoDont
              good={
                <div className="sg-row">
                  <span className="sg-shape" style={{ borderRadius: 'var(--radius-card)' }} />
                  <Button>
                    <Trans>Pay now</Trans>
                  </Button>
                </div>
              }
              goodText={<Trans>Cards 8 px, buttons and labels fully rounded.</Trans>}
              bad={
                <div className="sg-row">
                  <span className="sg-shape" style={{ borderRadius: '2px 20px' }} />
                  <span className="sg-shape" style={{ borderRadius: 0 }} />
                </div>
              }
              badText={<Trans>Radii invented per screen.</Trans>}
            />
          </Example>
        </>
      )
    case 'typography':
      return (
        <>
          <Tokens title={t`Type tokens`}>
            <TokenTable
              caption={t`Type tokens`}
              items={[...tokensWithPrefix('--font-'), ...tokensWithPrefix('--line-height')]}
              preview={(tk) => (
                <span style={tk.name.startsWith('--font') ? { fontFamily: `var(${tk.name})` } : { lineHeight: `var(${tk.name})` }}>あア Aa 123</span>
              )}
            />
          </Tokens>
          <Example title={t`Type scale`}>
            <p className="sg-type-h1">
              <Trans>Heading 1 — 2rem</Trans>
            </p>
            <p className="sg-type-h2">
              <Trans>Heading 2 — 1.5rem</Trans>
            </p>
            <p>
              <Trans>Body — 1rem, line height 1.75 for comfortable Japanese reading.</Trans>
            </p>
          </Example>
          <Example title={doDontTitle}>
            <DoDont
              good={
                <p className="sg-measure">
                  <Trans>Scan the code with the PayLab app, check the amount, then tap Pay.</Trans>
                </p>
              }
              goodText={<Trans>Body size, dark text, a short line.</Trans>}
              bad={
                <p className="sg-measure sg-measure--bad">
                  <Trans>Scan the code with the PayLab app, check the amount, then tap Pay.</Trans>
                </p>
              }
              badText={<Trans>Tiny, pale, all capitals.</Trans>}
            />
          </Example>
        </>
      )
    case 'transition':
      return (
        <>
          <Tokens title={t`Motion`}>
            <TokenTable caption={t`Motion tokens`} items={tokensWithPrefix('--transition-')} preview={() => <TransitionDemo />} />
          </Tokens>
          <Example title={doDontTitle}>
            <DoDont
              good={<TransitionDemo />}
              goodText={<Trans>150 ms, easing out: feedback that never makes anyone wait.</Trans>}
              bad={<span className="sg-mover sg-mover--slow" />}
              badText={<Trans>Long, bouncing animations, and motion that ignores reduced-motion settings.</Trans>}
            />
          </Example>
        </>
      )
  }
}

function TextFieldDemo() {
  const { t } = useLingui()
  return <TextField label={t`Merchant name`} defaultValue="PayLab Cafe" />
}
