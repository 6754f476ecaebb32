import { useLingui } from '@lingui/react'
import { useMachine } from '@xstate/react'
import { useRef } from 'react'
import { fromPromise } from 'xstate'
import type { LabEndpointId, ScenarioId } from '@/domain/lab.ts'
import type { ProductModel } from '@/domain/products.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { testPanelMachine, type DemoCallInput, type DemoCallRecord } from '@machines/test-panel.machine.ts'
import { sendDemoCall, type DemoCredentials } from './demo-call.ts'
import type { RequestEdits } from './request-edit.ts'

/** Binds the test-panel machine of one product tab to the demo API, signed with the developer's credentials. */
export function useTestPanel(options: {
  model: ProductModel
  selectedModels: readonly ProductModel[]
  endpointId?: LabEndpointId
  scenario?: ScenarioId
  userAuthorizationId?: string
  credentials: DemoCredentials
  /** The person's checked edits of the amount or body, read when Run sends. */
  edits?: RequestEdits
}) {
  const { i18n } = useLingui()
  // the actor is created once per tab; it reads the latest credentials and language when it calls
  const latest = useRef({ credentials: options.credentials, lang: i18n.locale === 'en' ? ('en' as const) : ('ja' as const), edits: options.edits })
  latest.current = { credentials: options.credentials, lang: i18n.locale === 'en' ? 'en' : 'ja', edits: options.edits }
  return useMachine(
    testPanelMachine.provide({
      actors: {
        callDemo: fromPromise<DemoCallRecord, DemoCallInput>(({ input }) =>
          sendDemoCall(input, latest.current.credentials, window.location.origin, latest.current.lang, latest.current.edits),
        ),
      },
    }),
    {
      input: {
        model: options.model,
        selectedModels: options.selectedModels,
        endpointId: options.endpointId,
        scenario: options.scenario,
        userAuthorizationId: options.userAuthorizationId,
      },
      inspect: inspectOption(),
    },
  )
}
