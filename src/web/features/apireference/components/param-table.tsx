import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Constraint, FieldRow } from '../schema.ts'

/** A constraint in words: "≤ 64 characters", "pattern ^[A-Za-z0-9_-]+$", "one of WEB_LINK, APP_DEEP_LINK". */
function ConstraintText({ c }: { c: Constraint }) {
  switch (c.kind) {
    case 'minLength':
      return <Trans>at least {c.value} characters</Trans>
    case 'maxLength':
      return <Trans>at most {c.value} characters</Trans>
    case 'minimum':
      return <Trans>minimum {c.value}</Trans>
    case 'maximum':
      return <Trans>maximum {c.value}</Trans>
    case 'minItems':
      return <Trans>at least {c.value} items</Trans>
    case 'maxItems':
      return <Trans>at most {c.value} items</Trans>
    case 'pattern':
      return (
        <Trans>
          pattern <code>{c.value}</code>
        </Trans>
      )
    case 'format':
      return (
        <Trans>
          format <code>{c.value}</code>
        </Trans>
      )
    case 'const':
      return (
        <Trans>
          always <code>{c.value}</code>
        </Trans>
      )
    case 'enum':
      return (
        <Trans>
          one of <code>{c.values.join(', ')}</code>
        </Trans>
      )
  }
}

/** The field table of parameters or a body: name, (where), type, required, description and constraints. */
export function ParamTable({ rows, caption, describe }: { rows: FieldRow[]; caption: string; describe: (text: string | undefined) => ReactNode }) {
  const { t } = useLingui()
  const showIn = rows.some((r) => r.in)
  return (
    <div className="api-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="api-table api-table--fields">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Name</Trans>
            </th>
            {showIn && (
              <th scope="col">
                <Trans>In</Trans>
              </th>
            )}
            <th scope="col">
              <Trans context="data type">Type</Trans>
            </th>
            <th scope="col">
              <Trans>Required</Trans>
            </th>
            <th scope="col">
              <Trans>Description and constraints</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ''}:${row.name}`} data-depth={row.depth}>
              <th scope="row" className="api-table__name" style={{ paddingInlineStart: `${0.5 + row.depth}rem` }}>
                <code>{row.name}</code>
              </th>
              {showIn && <td className="api-table__in">{row.in}</td>}
              <td className="api-table__type">
                {row.type}
                {row.nullable && <span className="api-table__nullable"> | null</span>}
              </td>
              <td>{row.required ? <strong className="api-required">{t`required`}</strong> : <span className="api-optional">{t`optional`}</span>}</td>
              <td className="api-table__cell-desc">
                {row.description && <p className="api-table__desc">{describe(row.description)}</p>}
                {row.constraints.length > 0 && (
                  <ul className="api-constraints">
                    {row.constraints.map((c, i) => (
                      <li key={i}>
                        <ConstraintText c={c} />
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
