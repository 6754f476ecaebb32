import type { I18n, MessageDescriptor } from '@lingui/core'
import { errorEntry, errorMessage, type ErrorCode, type ResultInfo } from './errors.ts'
import type { Lang } from './i18n.ts'
import {
  creatorOf,
  defaultScenario,
  demoKeyFor,
  labEndpointById,
  labEndpointsOf,
  labGroupOf,
  merchantIdPrefixOf,
  scenarioIds,
  specificModelOf,
  type DemoKeyKind,
  type LabEndpoint,
  type LabEndpointId,
  type LabGroup,
  type ScenarioId,
} from './lab.ts'
import type { ProductModel } from './products.ts'

/**
 * What `/dev/paylablab/{group}` answers (src/server/modules/labs/routes.ts): each endpoint's scenarios and responses
 * of the payment lab (src/domain/lab.ts), in the asked language.
 */
export interface LabScenarioPlan {
  id: ScenarioId
  key: DemoKeyKind
  /** true: the panel sends an empty path id on purpose (no id created first). */
  emptyId: boolean
  /** true: the request order asks for 0 yen (spec §9 "0 in one scenario"), which the sandbox refuses. */
  zeroAmount?: boolean
  title: MessageDescriptor
  expected: { status: number; code: string }
}

/** A scenario as `/dev/paylablab/{group}` answers it: its title in the asked language. */
export interface LabScenario extends Omit<LabScenarioPlan, 'title'> {
  title: string
}

export interface LabResponse extends ResultInfo {
  status: number
}

const scenarioTitles = {
  success: /*i18n*/ { id: 'lab.scenario.success', message: 'Success with your own sandbox key (WIT)' },
  unauthorised: /*i18n*/ { id: 'lab.scenario.unauthorised', message: 'Unauthorised demo key (WOT)' },
  emptyId: /*i18n*/ { id: 'lab.scenario.emptyId', message: 'No id: the server reports the missing resource' },
  zeroAmount: /*i18n*/ { id: 'lab.scenario.zeroAmount', message: 'Request 0 yen: the server refuses the amount' },
} satisfies Record<string, MessageDescriptor>

const responseOf = (code: ErrorCode, i18n: I18n, status?: number): LabResponse => {
  const entry = errorEntry(code)
  return { status: status ?? entry.status, code, codeId: entry.codeId, message: errorMessage(i18n, code) }
}

/** The scenarios of one endpoint in one group: model1 succeeds (WIT), the group's model is WOT, model ids left over probe a missing id. */
export function labScenarioPlansOf(group: LabGroup, endpoint: LabEndpoint): LabScenarioPlan[] {
  const wot = specificModelOf[group]
  const success = endpoint.codes[0] ?? 'SUCCESS'
  const list: LabScenarioPlan[] = [
    { id: 'model1', key: 'WIT', emptyId: false, title: scenarioTitles.success, expected: { status: endpoint.successStatus ?? 200, code: success } },
    { id: wot, key: demoKeyFor(group, wot, false), emptyId: false, title: scenarioTitles.unauthorised, expected: { status: 401, code: 'UNAUTHORIZED' } },
  ]
  if (endpoint.idKind) {
    const spare = scenarioIds.find((s) => s !== 'model1' && s !== wot)!
    list.push({ id: spare, key: 'WIT', emptyId: true, title: scenarioTitles.emptyId, expected: { status: 404, code: 'RESOURCE_NOT_FOUND' } })
  }
  if (endpoint.id === 'postRequestOrder') {
    // spec §9: request orders ask a random 1000…9999 yen, "0 in one scenario" — the published amount is positive
    const spare = scenarioIds.find((s) => s !== 'model1' && s !== wot)!
    list.push({ id: spare, key: 'WIT', emptyId: false, zeroAmount: true, title: scenarioTitles.zeroAmount, expected: { status: 400, code: 'INVALID_PARAMS' } })
  }
  return list
}

/** The scenarios of `labScenarioPlansOf`, titled in the language of `i18n`. */
export function labScenariosOf(group: LabGroup, endpoint: LabEndpoint, i18n: I18n): LabScenario[] {
  return labScenarioPlansOf(group, endpoint).map((s) => ({ ...s, title: i18n._(s.title) }))
}

/**
 * The answer of `/dev/paylablab/{group}?lang=`: per product model of the group, its endpoints with scenarios and
 * responses, in the language of `i18n` (on the server, the instance of the request's language).
 */
export function labContent(group: LabGroup, i18n: I18n) {
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'ja'
  const models = (Object.keys(labGroupOf) as ProductModel[]).filter((m) => labGroupOf[m] === group)
  return {
    group,
    lang,
    defaultScenario,
    specificModel: specificModelOf[group],
    products: models.map((model) => ({
      model,
      endpoints: labEndpointsOf[model].map((id) => {
        const e = labEndpointById(id)!
        return {
          id: e.id,
          method: e.method,
          demoPath: e.demoPath,
          sandboxPath: e.sandboxPath,
          query: e.query ?? [],
          name: i18n._(e.name),
          idKind: e.idKind ?? null,
          createdBy: creatorOf(model, e),
          merchantIdPrefix: merchantIdPrefixOf[e.id as LabEndpointId] ?? null,
          scenarios: labScenariosOf(group, e, i18n),
          responses: [
            ...e.codes.map((code, i) => responseOf(code, i18n, i === 0 ? (e.successStatus ?? 200) : undefined)),
            responseOf('UNAUTHORIZED', i18n),
            responseOf('OP_OUT_OF_SCOPE', i18n),
          ],
        }
      }),
    })),
  }
}
