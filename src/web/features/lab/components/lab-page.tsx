import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { labGroupOf, type LabEndpointId, type ScenarioId } from '@/domain/lab.ts'
import { labLinkModels } from '@/domain/lab-link.ts'
import { products, type ProductModel } from '@/domain/products.ts'
import { TabList } from '@/web/ui/tab-list.tsx'
import { labQueryOptions, type LabEndpointView } from '../api.ts'
import type { DemoCredentials } from '../demo-call.ts'
import { noEdits } from '../request-edit.ts'
import { useTestPanel } from '../use-test-panel.ts'
import { TestPanel } from './test-panel.tsx'
import { LabLinkScope, TestUserLink, useLabLink, type TestUserList } from './test-user-link.tsx'
import '../lab.css'

/** The seven tabs in the order of the products (spec §4 product models). */
export const labTabs = products.map((p) => p.model)

export interface LabPageProps {
  product: ProductModel
  endpoint?: LabEndpointId
  scenario?: ScenarioId
  /** The signed-in developer's sandbox key, merchant and portal token; null while the profile loads. */
  credentials: DemoCredentials | null
  /** The merchant's products (spec §4: the panel's scopes derive from them). */
  selectedModels: readonly ProductModel[]
  /** The mode whose merchant the credentials are (the linked test user is remembered per merchant and mode). */
  mode: string
  /** The merchant's test users, for "Link a test user". */
  testUsers: TestUserList
  onProductChange: (product: ProductModel) => void
}

/** `/develop/paylab-lab?product=`: one tab per product model, its endpoints with scenarios and answers, and the test panel. */
export function LabPage({ product, endpoint, scenario, credentials, selectedModels, mode, testUsers, onProductChange }: LabPageProps) {
  const { t, i18n } = useLingui()
  const lang = i18n.locale === 'en' ? 'en' : 'ja'
  const nameOf = (model: ProductModel) => {
    const p = products.find((x) => x.model === model)!
    return lang === 'en' ? p.name : p.nameJp
  }
  return (
    <div className="lab">
      <TabList
        ids={labTabs}
        current={product}
        onSelect={onProductChange}
        labelOf={nameOf}
        tabId={(model) => `lab-tab-${model}`}
        panelId={() => 'lab-panel'}
        label={t`Products`}
        className="shell-tabs lab-tabs"
      />
      <div role="tabpanel" id="lab-panel" aria-labelledby={`lab-tab-${product}`} className="lab-panel-area">
        <h2 className="shell-tabs__heading">{nameOf(product)}</h2>
        {!selectedModels.includes(product) && credentials && (
          <p className="lab-note" role="note">
            <Trans>Your sandbox merchant does not have this product yet, so the sandbox answers OP_OUT_OF_SCOPE. Add it under Settings → OPA Scopes.</Trans>
          </p>
        )}
        {credentials ? (
          <LabLinkScope key={`${mode}:${credentials.merchantId}`} credentials={credentials} mode={mode} testUsers={testUsers}>
            <ProductTab key={product} product={product} endpoint={endpoint} scenario={scenario} credentials={credentials} selectedModels={selectedModels} />
          </LabLinkScope>
        ) : (
          <ProductTab key={product} product={product} endpoint={endpoint} scenario={scenario} credentials={credentials} selectedModels={selectedModels} />
        )}
      </div>
    </div>
  )
}

type TabProps = Omit<LabPageProps, 'onProductChange' | 'mode' | 'testUsers'>

function ProductTab({ product, endpoint, scenario, credentials, selectedModels }: TabProps) {
  const { i18n } = useLingui()
  const lang = i18n.locale === 'en' ? 'en' : 'ja'
  const list = useQuery(labQueryOptions(labGroupOf[product], lang))
  const endpoints = list.data?.products.find((p) => p.model === product)?.endpoints ?? []
  return (
    <div className="lab-tab">
      <section className="lab-endpoints" aria-labelledby="lab-endpoints-title">
        <h3 id="lab-endpoints-title">
          <Trans>Endpoints</Trans>
        </h3>
        {list.isPending ? (
          <p>
            <Trans>Loading the endpoints…</Trans>
          </p>
        ) : list.isError ? (
          <p role="alert">
            <Trans>The endpoints could not be loaded. Reload the page to try again.</Trans>
          </p>
        ) : (
          <ol className="lab-endpoint-list">
            {endpoints.map((e) => (
              <EndpointCard key={e.id} endpoint={e} />
            ))}
          </ol>
        )}
      </section>
      {credentials ? (
        <PanelForTab
          product={product}
          endpoint={endpoint}
          scenario={scenario}
          credentials={credentials}
          selectedModels={selectedModels}
          endpoints={endpoints}
        />
      ) : (
        <p className="lab-panel">
          <Trans>Loading your sandbox key…</Trans>
        </p>
      )}
    </div>
  )
}

function PanelForTab(props: Omit<TabProps, 'credentials'> & { credentials: DemoCredentials; endpoints: LabEndpointView[] }) {
  const linked = useLabLink()?.snapshot.context.link?.userAuthorizationId ?? ''
  const [edits, setEdits] = useState(noEdits)
  const [snapshot, send] = useTestPanel({
    edits,
    model: props.product,
    selectedModels: props.selectedModels,
    endpointId: props.endpoint,
    scenario: props.scenario,
    userAuthorizationId: linked,
    credentials: props.credentials,
  })
  // a test user linked (or unlinked) while the tab is open fills (or empties) the panel's user authorization id
  const shown = useRef(linked)
  useEffect(() => {
    if (shown.current === linked) return
    shown.current = linked
    send({ type: 'panel.user', userAuthorizationId: linked })
  }, [linked, send])
  return (
    <TestPanel
      snapshot={snapshot}
      send={send}
      endpoints={props.endpoints}
      credentials={props.credentials}
      link={labLinkModels.includes(props.product) ? <TestUserLink /> : null}
      edits={edits}
      onEdits={setEdits}
    />
  )
}

function EndpointCard({ endpoint }: { endpoint: LabEndpointView }) {
  const { t } = useLingui()
  return (
    <li className="lab-endpoint" data-endpoint={endpoint.id}>
      <p className="lab-endpoint__title">
        <span className={`lab-method lab-method--${endpoint.method.toLowerCase()}`}>{endpoint.method}</span> <code>{endpoint.demoPath}</code>
      </p>
      <p className="lab-endpoint__name">
        {endpoint.name}{' '}
        <span className="lab-endpoint__sandbox">
          <Trans>→ sandbox {endpoint.sandboxPath}</Trans>
        </span>
      </p>
      <details className="lab-endpoint__details">
        <summary>{t`Scenarios and answers`}</summary>
        <ul className="lab-scenarios">
          {endpoint.scenarios.map((s) => (
            <li key={s.id}>
              <strong>{s.id}</strong> {s.title} —{' '}
              <code>
                {s.expected.status} {s.expected.code}
              </code>
            </li>
          ))}
        </ul>
        <table className="lab-responses">
          <caption>{t`Answers this endpoint can give`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Status`}</th>
              <th scope="col">{t`Code`}</th>
              <th scope="col">{t`Message`}</th>
            </tr>
          </thead>
          <tbody>
            {endpoint.responses.map((r) => (
              <tr key={r.code}>
                <td>{r.status}</td>
                <td>
                  <code>{r.code}</code>
                  {r.codeId && <span className="lab-responses__id"> {r.codeId}</span>}
                </td>
                <td>{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </li>
  )
}
