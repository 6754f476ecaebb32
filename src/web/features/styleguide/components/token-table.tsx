import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { CopyValueButton } from '@/web/ui/copy-button.tsx'
import type { Token } from '../tokens.ts'

/**
 * Design tokens as a table: a live sample drawn with the token itself (`var(--name)`), the name, the value read from
 * ui/tokens.css and a copy button for the value. The table scrolls inside its own box on a phone.
 */
export function TokenTable({ items, preview, caption }: { items: Token[]; preview: (t: Token) => ReactNode; caption: string }) {
  const { t } = useLingui()
  return (
    <div className="sg-tokens-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="sg-tokens">
        <caption className="visually-hidden">{caption}</caption>
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
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Copy</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((token) => (
            <tr key={token.name} data-token={token.name}>
              <td className="sg-tokens__sample">{preview(token)}</td>
              <th scope="row">
                <code>{token.name}</code>
              </th>
              <td>
                <code className="sg-tokens__value" data-value>
                  {token.value}
                </code>
              </td>
              <td>
                <CopyValueButton value={token.value} label={t`Copy the value of ${token.name}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
