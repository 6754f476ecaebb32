import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '@/web/ui/button.tsx'
import { Icon, iconNames, LogoMark } from '@/web/ui/icons.tsx'
import { tokensWithPrefix, type Token } from '../tokens.ts'
import type { GlobalRule } from './names.ts'
import { Example } from './styleguide-layout.tsx'

function TokenTable({ items, preview }: { items: Token[]; preview: (t: Token) => React.ReactNode }) {
  const { t } = useLingui()
  return (
    <table className="sg-tokens">
      <caption className="visually-hidden">{t`Design tokens`}</caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Sample</Trans>
          </th>
          <th scope="col">
            <Trans>Token</Trans>
          </th>
          <th scope="col">
            <Trans>Value</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((token) => (
          <tr key={token.name}>
            <td>{preview(token)}</td>
            <td>
              <code>{token.name}</code>
            </td>
            <td>
              <code>{token.value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

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

export function GlobalRuleExamples({ name }: { name: GlobalRule }) {
  const { t } = useLingui()
  switch (name) {
    case 'color':
      return (
        <Example title={t`Colours`}>
          <TokenTable items={tokensWithPrefix('--color-')} preview={(tk) => <span className="sg-swatch" style={{ background: `var(${tk.name})` }} />} />
        </Example>
      )
    case 'philosophy':
      return <Philosophy />
    case 'icongraphy':
      return (
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
      )
    case 'illustration':
      return (
        <Example title={t`Brand mark and product art`}>
          <div className="sg-row">
            <LogoMark size={64} />
            {['webcashier', 'qrcode', 'appinvoke', 'autodebit'].map((p) => (
              <img key={p} src={`/products/${p}.svg`} alt={p} width={64} height={64} />
            ))}
          </div>
        </Example>
      )
    case 'interaction':
      return (
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
      )
    case 'photo':
      return (
        <Example title={t`Photos`}>
          <p>
            <Trans>Use our own artwork; photos show real people paying in real places, in natural light, never with a competitor's brand. Give every image a text alternative.</Trans>
          </p>
          <div className="sg-photo" role="img" aria-label={t`Placeholder of a 16:9 photo with 8 px corners`} />
        </Example>
      )
    case 'layout':
      return (
        <Example title={t`Spacing (8 px grid)`}>
          <TokenTable items={tokensWithPrefix('--space-')} preview={(tk) => <span className="sg-space" style={{ width: `var(${tk.name})` }} />} />
        </Example>
      )
    case 'shadow':
      return (
        <Example title={t`Elevation`}>
          <TokenTable items={tokensWithPrefix('--shadow-')} preview={(tk) => <span className="sg-elevation" style={{ boxShadow: `var(${tk.name})` }} />} />
        </Example>
      )
    case 'shape':
      return (
        <Example title={t`Corner radius`}>
          <TokenTable items={tokensWithPrefix('--radius-')} preview={(tk) => <span className="sg-shape" style={{ borderRadius: `var(${tk.name})` }} />} />
        </Example>
      )
    case 'typography':
      return (
        <Example title={t`Type`}>
          <TokenTable
            items={[...tokensWithPrefix('--font-'), ...tokensWithPrefix('--line-height')]}
            preview={(tk) => <span style={tk.name.startsWith('--font') ? { fontFamily: `var(${tk.name})` } : { lineHeight: `var(${tk.name})` }}>あア Aa 123</span>}
          />
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
      )
    case 'transition':
      return (
        <Example title={t`Motion`}>
          <TokenTable items={tokensWithPrefix('--transition-')} preview={() => <TransitionDemo />} />
        </Example>
      )
  }
}
