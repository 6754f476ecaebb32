import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef } from 'react'
import { Button } from '@/web/ui/button.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'
import { useOpenApi, type Operation } from '../api.ts'
import { operationAnchor } from '../examples.ts'
import { apiGroups, type ApiGroup } from '../groups.ts'
import { useScrollSpy } from '../use-scroll-spy.ts'
import '../apireference.css'
import { OperationView } from './operation-view.tsx'

/**
 * The page shows one group of operations at a time (the whole description rendered at once is ~1 MB of HTML):
 * the provider's API and the sandbox first, then the portal's own APIs, then the developer tools and demo proxy.
 */
const groupTags: Record<ApiGroup, string[]> = {
  opa: ['Open Payment API', 'Sandbox'],
  portal: ['Account', 'Content'],
  tools: ['Developer tools', 'Demo API (test panel)'],
}
const groupOf = (tag: string): ApiGroup => apiGroups.find((g) => groupTags[g].includes(tag)) ?? 'tools'
const tagRank = (tag: string) => {
  const order = apiGroups.flatMap((g) => groupTags[g])
  return order.includes(tag) ? order.indexOf(tag) : order.length
}
/** Written as a value: braces in a message are ICU placeholders. */
const envelopeShape = '{resultInfo, data}'
const tagAnchor = (tag: string) =>
  `tag-${tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+$/, '')}`
/** A path that may break after each `/` (and only inside a segment when one alone is wider than the list). */
const withBreaks = (path: string) =>
  path.split('/').map((segment, i) => (
    <span key={i}>
      {i > 0 && (
        <>
          /<wbr />
        </>
      )}
      {segment}
    </span>
  ))
const groupHref = (group: ApiGroup, hash = '') => `/apireference${group === 'opa' ? '' : `?group=${group}`}${hash}`

interface Entry {
  method: string
  path: string
  op: Operation
  anchor: string
}

/**
 * `/apireference`: every operation of the server's own OpenAPI description (`/openapi.json`), grouped by tag, each
 * with its field tables, example request (curl and the SDKs) and answers per status; navigation by operation.
 */
export function ApiReference({ group = 'opa' }: { group?: ApiGroup | undefined }) {
  const { t, i18n } = useLingui()
  const query = useOpenApi()
  // a text of the description is the id of its message in this feature's catalog (descriptions.ts); others stay as written
  const locale = i18n.locale
  const describe = useCallback((text: string | undefined) => (text && locale && i18n.messages[text] !== undefined ? i18n._(text) : text), [i18n, locale])
  const doc = query.data
  const entries: Entry[] = doc
    ? Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ path, method, op, anchor: operationAnchor(method, path, op) })),
      )
    : []
  const tags = [...new Set(entries.map((e) => e.op.tags[0] ?? 'API'))].sort((a, b) => tagRank(a) - tagRank(b))
  const byTag = (tag: string) => entries.filter((e) => (e.op.tags[0] ?? 'API') === tag)
  const groupNames: Record<ApiGroup, string> = { opa: t`Open Payment API and sandbox`, portal: t`Portal API`, tools: t`Developer tools and demo` }
  const shownTags = tags.filter((tag) => groupOf(tag) === group)
  // the side list follows the section in view (issue 20): its link is marked, and kept in the list's view
  const reading = useScrollSpy(shownTags.flatMap((tag) => [tagAnchor(tag), ...byTag(tag).map((e) => e.anchor)]))
  const aside = useRef<HTMLElement>(null)
  useEffect(() => {
    const list = aside.current?.querySelector<HTMLElement>('.api-nav')
    const link = list?.querySelector<HTMLElement>('[aria-current="location"]')
    if (!list || !link) return
    const top = link.offsetTop - list.offsetTop
    if (top < list.scrollTop || top + link.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 3
  }, [reading])
  const nav = (
    <nav className="api-nav" aria-label={t`Operations`}>
      {apiGroups.map((g) =>
        g === group ? (
          shownTags.map((tag) => (
            <div key={tag} className="api-nav__group">
              <a className="api-nav__tag" href={`#${tagAnchor(tag)}`} aria-current={reading === tagAnchor(tag) ? 'location' : undefined}>
                {describe(tag)}
              </a>
              <ul>
                {byTag(tag).map((e) => (
                  <li key={e.anchor}>
                    <a href={`#${e.anchor}`} aria-current={reading === e.anchor ? 'location' : undefined}>
                      <span className={`api-method api-method--${e.method}`}>{e.method.toUpperCase()}</span>{' '}
                      <span className="api-nav__path">{withBreaks(e.path)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))
        ) : (
          <InternalLink key={g} className="api-nav__tag api-nav__other" href={groupHref(g)}>
            {groupNames[g]} →
          </InternalLink>
        ),
      )}
    </nav>
  )
  return (
    <div className="api-layout">
      <aside className="api-aside" ref={aside}>
        {doc && nav}
      </aside>
      <article className="api-main">
        <h1>
          <Trans>API reference</Trans>
        </h1>
        {doc ? (
          <>
            <p className="api-lead">
              <Trans>
                Every call the PayLab server answers: the sandbox of the Open Payment API, with the same paths, fields and result codes as the provider's API,
                and the portal's own APIs. Each answer is <code>{envelopeShape}</code>.
              </Trans>
            </p>
            <p className="api-meta">
              {doc.info.title} {doc.info.version} · <a href="/openapi.json">openapi.json</a>
            </p>
            <ul className="api-groups" aria-label={t`API groups`}>
              {apiGroups.map((g) => (
                <li key={g}>
                  <InternalLink href={groupHref(g)} aria-current={g === group ? 'page' : undefined} className="api-groups__link">
                    {groupNames[g]}
                  </InternalLink>
                </li>
              ))}
            </ul>
            <details className="api-nav-mobile">
              <summary>
                <Trans>Operations</Trans>
              </summary>
              {nav}
            </details>
            {shownTags.map((tag) => (
              <section key={tag} aria-labelledby={tagAnchor(tag)} className="api-tag">
                <h2 id={tagAnchor(tag)} tabIndex={-1}>
                  {describe(tag)}
                </h2>
                {byTag(tag).map((e) => (
                  <OperationView key={e.anchor} method={e.method} path={e.path} op={e.op} anchor={e.anchor} describe={describe} />
                ))}
              </section>
            ))}
          </>
        ) : query.isError ? (
          <div className="api-failure" role="alert">
            <p>
              <Trans>The API description could not be loaded.</Trans>
            </p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <p className="api-loading" aria-busy="true">
            <Trans>Loading the API description…</Trans>
          </p>
        )}
      </article>
    </div>
  )
}
