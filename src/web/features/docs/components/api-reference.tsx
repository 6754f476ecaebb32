import { Trans, useLingui } from '@lingui/react/macro'
import { useOpenApi, type OpenApi } from '../api.ts'
import '../docs.css'
import { useFailureRouting } from './doc-page.tsx'
import { DocSkeleton } from './skeleton.tsx'
import { TableOfContents } from './toc.tsx'

type Operation = OpenApi['paths'][string][string]

const opId = (method: string, path: string) => `${method}-${path}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-+$/, '')

function Schema({ schema }: { schema: Record<string, unknown> }) {
  return (
    <pre className="code-block__pre api-schema" tabIndex={0}>
      <code>{JSON.stringify(schema, null, 2)}</code>
    </pre>
  )
}

function OperationView({ method, path, op }: { method: string; path: string; op: Operation }) {
  const { t } = useLingui()
  const body = op.requestBody?.content['application/json']?.schema
  const ok = op.responses['200']?.content?.['application/json']?.schema
  return (
    <section className="api-op" aria-labelledby={opId(method, path)}>
      <h3 id={opId(method, path)} className="doc-heading" tabIndex={-1}>
        <span className={`api-method api-method--${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p>{op.summary}</p>
      {op.security && op.security.length > 0 && (
        <p className="doc-subtitle">
          <Trans>Authentication:</Trans> {op.security.flatMap((s) => Object.keys(s)).join(', ')}
        </p>
      )}
      {op.parameters.length > 0 && (
        <div className="doc-table-wrap" tabIndex={0}>
          <table className="doc-table">
            <caption className="visually-hidden">{t`Parameters`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>In</Trans>
                </th>
                <th scope="col">
                  <Trans>Required</Trans>
                </th>
                <th scope="col">
                  <Trans>Schema</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {op.parameters.map((p) => (
                <tr key={`${p.in}-${p.name}`}>
                  <td>
                    <code>{p.name}</code>
                  </td>
                  <td>{p.in}</td>
                  <td>{p.required ? t`yes` : t`no`}</td>
                  <td>
                    <code>{JSON.stringify(p.schema)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {body && (
        <details>
          <summary>
            <Trans>Request body</Trans>
          </summary>
          <Schema schema={body} />
        </details>
      )}
      {ok && (
        <details>
          <summary>
            <Trans>Response</Trans>
          </summary>
          <Schema schema={ok} />
        </details>
      )}
    </section>
  )
}

/** `/apireference`: the server's own OpenAPI description (`/openapi.json`), grouped by tag. */
export function ApiReference() {
  const query = useOpenApi()
  useFailureRouting(query.error)
  const doc = query.data
  const operations = doc
    ? Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
    : []
  const tags = [...new Set(operations.map((o) => o.op.tags[0] ?? 'API'))]
  const toc = tags.map((tag) => ({ id: `tag-${tag.toLowerCase()}`, text: tag, level: 2 as const }))
  return (
    <div className="doc-layout doc-layout--page">
      <div className="doc-aside">
        <TableOfContents entries={toc} hideOnSmall={false} />
      </div>
      <article className="doc-main">
        <h1>
          <Trans>API reference</Trans>
        </h1>
        {doc ? (
          <>
            <p className="doc-subtitle">
              {doc.info.title} {doc.info.version} · <a href="/openapi.json">openapi.json</a>
            </p>
            {doc.info.description && <p>{doc.info.description}</p>}
            {tags.map((tag) => (
              <section key={tag} aria-labelledby={`tag-${tag.toLowerCase()}`}>
                <h2 id={`tag-${tag.toLowerCase()}`} className="doc-heading" tabIndex={-1}>
                  {tag}
                </h2>
                {operations
                  .filter((o) => (o.op.tags[0] ?? 'API') === tag)
                  .map((o) => (
                    <OperationView key={`${o.method} ${o.path}`} {...o} />
                  ))}
              </section>
            ))}
          </>
        ) : query.isError ? null : (
          <DocSkeleton variant="card" />
        )}
      </article>
    </div>
  )
}
