import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { isErrorCode } from '@/domain/errors.ts'
import { errorText } from '@/web/lib/error-text.ts'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { Tabs } from '@/web/ui/tabs.tsx'
import type { Operation } from '../api.ts'
import {
  authOf,
  curlOf,
  exampleRequest,
  exampleResponses,
  resolverHref,
  sdkLanguages,
  sdkSnippet,
  type ExampleResponse,
  type SdkLanguage,
} from '../examples.ts'
import { fieldRows, parameterRows, type FieldRow } from '../schema.ts'
import { CodeSample } from './code-sample.tsx'
import { ParamTable } from './param-table.tsx'

const languageNames: Record<SdkLanguage, string> = { node: 'Node.js', python: 'Python', php: 'PHP', java: 'Java' }

/** One operation: what it does, its parameters and body as tables, an example request and the answers per status. */
export function OperationView({
  method,
  path,
  op,
  anchor,
  describe,
}: {
  method: string
  path: string
  op: Operation
  anchor: string
  describe: (text: string | undefined) => ReactNode
}) {
  const { t } = useLingui()
  const apiName = op['x-apiName'] ?? op.operationId
  const parameters = parameterRows(op.parameters)
  const body = op.requestBody?.content['application/json']?.schema
  const request = exampleRequest(method, path, op)
  const auth = authOf(op)
  const samples = [
    { id: 'curl', label: 'curl', content: <CodeSample code={curlOf(request)} label="curl" /> },
    ...sdkLanguages.flatMap((lang) => {
      const code = sdkSnippet(lang, method, path, request)
      return code ? [{ id: lang, label: languageNames[lang], content: <CodeSample code={code} label={languageNames[lang]} /> }] : []
    }),
  ]
  const responses = exampleResponses(op)
  const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))?.[1]
  const dataSchema = success?.content?.['application/json']?.schema
  const dataRows = dataSchema ? fieldRows(dataSchema).filter((r) => r.name !== 'resultInfo' && !r.name.startsWith('resultInfo.')) : []
  return (
    <section className="api-op" aria-labelledby={anchor}>
      <h3 id={anchor} className="api-op__title" tabIndex={-1}>
        <span className={`api-method api-method--${method}`}>{method.toUpperCase()}</span> <code className="api-path">{path}</code>
      </h3>
      <p className="api-op__summary">{describe(op.summary)}</p>
      <dl className="api-op__facts">
        <div>
          <dt>
            <Trans>API name</Trans>
          </dt>
          <dd>
            <code>{apiName}</code>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Authentication</Trans>
          </dt>
          <dd>
            {auth === 'opaAuth' ? (
              <Trans>
                HMAC <code>OPA-Auth</code> signature in <code>Authorization</code>, merchant in <code>X-ASSUME-MERCHANT</code>
              </Trans>
            ) : auth === 'bearer' ? (
              <Trans>
                The portal access token: <code>Authorization: Bearer</code>
              </Trans>
            ) : (
              <Trans>None</Trans>
            )}
          </dd>
        </div>
      </dl>

      {parameters.length > 0 && (
        <>
          <h4>
            <Trans>Parameters</Trans>
          </h4>
          <ParamTable rows={parameters} caption={t`Parameters of ${apiName}`} describe={describe} />
        </>
      )}
      {body && (
        <>
          <h4>
            <Trans>Request body</Trans>
          </h4>
          <ParamTable rows={fieldRows(body)} caption={t`Request body of ${apiName}`} describe={describe} />
        </>
      )}

      <h4>
        <Trans>Example request</Trans>
      </h4>
      <Tabs items={samples} label={t`Example request of ${apiName}`} />
      {samples.length === 1 && auth === 'opaAuth' && (
        <p className="api-note">
          <Trans>The SDKs have no method for this call; send it over HTTP and sign it as the curl example shows.</Trans>
        </p>
      )}

      <h4>
        <Trans>Responses</Trans>
      </h4>
      {responses.map((response) => (
        <div key={response.status} className="api-response" data-status={response.status}>
          <p className="api-response__head">
            <span className={`api-status api-status--${response.status[0]}xx`}>{response.status}</span>{' '}
            {response.status.startsWith('2') ? <Trans>Success</Trans> : <Trans>Error</Trans>}
          </p>
          {!response.status.startsWith('2') && (
            <ErrorCodes
              apiName={apiName}
              status={response.status}
              codes={response.codes.filter((c) => !c.common)}
              common={response.codes.filter((c) => c.common)}
            />
          )}
          {response.body !== null && <CodeSample code={JSON.stringify(response.body, null, 2)} label={t`Example answer ${response.status}`} />}
        </div>
      ))}
      {dataRows.length > 0 && <ResponseFields rows={dataRows} caption={t`Response fields of ${apiName}`} describe={describe} />}
    </section>
  )
}

/** The answer's field table, drawn when opened (it is long, and the example answer above already shows the shape). */
function ResponseFields({ rows, caption, describe }: { rows: FieldRow[]; caption: string; describe: (text: string | undefined) => ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <details className="api-details" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <Trans>Response fields</Trans>
      </summary>
      {open && <ParamTable rows={rows} caption={caption} describe={describe} />}
    </details>
  )
}

type Code = ExampleResponse['codes'][number]

/**
 * The codes of one error status: the operation's own in a table (code, codeId, message), the ones every call may
 * answer as a line of links; every code opens the resolver for this operation.
 */
function ErrorCodes({ apiName, status, codes, common }: { apiName: string; status: string; codes: Code[]; common: Code[] }) {
  const { t, i18n } = useLingui()
  // /openapi.json publishes the English message; the error catalogue has each code's text in both languages (issue 20)
  const messageOf = (code: Code) => (isErrorCode(code.code) ? errorText(i18n, code.code) : code.message)
  const link = (code: Code) => (
    <InternalLink href={resolverHref(apiName, code)} className="api-code-link">
      <code>{code.code}</code>
    </InternalLink>
  )
  return (
    <>
      {codes.length > 0 && (
        <div className="api-table-wrap" tabIndex={0} role="region" aria-label={t`Error codes ${status} of ${apiName}`}>
          <table className="api-table api-table--codes">
            <caption className="visually-hidden">{t`Error codes ${status} of ${apiName}`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Code</Trans>
                </th>
                <th scope="col">codeId</th>
                <th scope="col">
                  <Trans>Message</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code.code}>
                  <th scope="row">{link(code)}</th>
                  <td>
                    <code>{code.codeId}</code>
                  </td>
                  <td>{messageOf(code)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {common.length > 0 && (
        <p className="api-common">
          <span className="api-common__label">
            <Trans>Any call may answer:</Trans>
          </span>{' '}
          {common.map((code, i) => (
            <span key={code.code}>
              {i > 0 && ' · '}
              {link(code)}
            </span>
          ))}
        </p>
      )}
    </>
  )
}
