import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useBlocker } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { assign, fromPromise } from 'xstate'
import { isHostName, isWebhookUrl, normaliseDomains, settingsLimits } from '@/domain/settings.ts'
import { askToSaveChanges } from '@/web/lib/events.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { useTrackedRequest } from '@/web/lib/progress.ts'
import { AccountFlowError } from '@machines/account-flow.ts'
import { settingsFormMachine } from '@machines/settings-form.machine.ts'
import { productScopesQuery, saveProducts, saveSettings, settingsQuery } from './api.ts'
import { dashboardKeys } from './keys.ts'

/** The form of the settings tabs: Configuration's webhook URL and redirect domains, OPA Scopes' products. */
export interface SettingsDraft {
  webhookUrl: string
  /** One host name per line. */
  domains: string
  products: number[]
}

export type SettingsField = 'webhook_url' | 'redirect_domains' | 'products'

const domainsOf = (text: string) => normaliseDomains(text.split(/[\s,]+/))

/** The form's own check, the same rules as the server's (domain/settings.ts); refused fields as the server names them. */
export function invalidFields(draft: SettingsDraft): SettingsField[] {
  const fields: SettingsField[] = []
  const url = draft.webhookUrl.trim()
  if (url && (url.length > settingsLimits.maxUrlLength || !isWebhookUrl(url))) fields.push('webhook_url')
  const domains = domainsOf(draft.domains)
  if (domains.length > settingsLimits.maxRedirectDomains || !domains.every(isHostName)) fields.push('redirect_domains')
  if (draft.products.length === 0) fields.push('products')
  return fields
}

/** A server issue path (`redirect_domains.3`, `webhook_url`, `products`) as the field it refuses. */
export const fieldOf = (path: string): SettingsField | null =>
  (['webhook_url', 'redirect_domains', 'products'] as const).find((f) => path === f || path.startsWith(`${f}.`)) ?? null

const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The settings-form machine on the settings and products of the mode's merchant: loads, saves (only what changed),
 * asks through the header's save-changes popup when leaving a tab or the page (router blocker) with unsaved changes.
 */
export function useSettingsForm(merchantId: string) {
  const track = useTrackedRequest()
  const queryClient = useQueryClient()
  const settings = useQuery({
    ...settingsQuery(merchantId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
  const products = useQuery({
    ...productScopesQuery(merchantId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
  const saved = useMemo<SettingsDraft | null>(
    () =>
      settings.data && products.data
        ? {
            webhookUrl: settings.data.webhook_url ?? '',
            domains: settings.data.redirect_domains.join('\n'),
            products: products.data.products.filter((p) => p.selected).map((p) => p.id),
          }
        : null,
    [settings.data, products.data],
  )
  const savedRef = useRef(saved)
  savedRef.current = saved

  const machine = useMemo(
    () =>
      settingsFormMachine.provide({
        actors: {
          ask: fromPromise(() => askToSaveChanges()),
          save: fromPromise(async ({ input }: { input: { draft: unknown } }): Promise<unknown> => {
            const draft = input.draft as SettingsDraft
            const refused = invalidFields(draft)
            if (refused.length)
              throw new AccountFlowError('INVALID_PARAMS', {
                issues: refused.map((path) => ({ path })),
              })
            const before = savedRef.current
            const domains = domainsOf(draft.domains)
            const webhook = draft.webhookUrl.trim()
            if (!before || before.webhookUrl !== webhook || !sameList(domainsOf(before.domains), domains)) {
              const answer = await track(() =>
                saveSettings(merchantId, {
                  webhook_url: webhook,
                  redirect_domains: domains,
                }),
              )
              queryClient.setQueryData(dashboardKeys.settings(merchantId), answer)
            }
            if (!before || !sameList([...before.products].sort(), [...draft.products].sort())) {
              const answer = await track(() => saveProducts(merchantId, draft.products))
              queryClient.setQueryData(dashboardKeys.products(merchantId), answer)
            }
            return null
          }),
        },
        actions: {
          // Cancel in the popup: the form goes back to the saved values
          discard: assign({
            draft: ({ context }) => savedRef.current ?? context.draft,
          }),
        },
      }),
    [merchantId, track, queryClient],
  )
  const [state, send] = useMachine(machine, {
    input: {
      draft: {
        webhookUrl: '',
        domains: '',
        products: [],
      } satisfies SettingsDraft,
    },
    inspect: inspectOption(),
  })

  // the saved values (first load, or after a save) become the form's values
  useEffect(() => {
    if (saved) send({ type: 'form.loaded', draft: saved })
  }, [saved, send])

  const dirty = !state.matches('clean')
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  useBlocker({
    shouldBlockFn: ({ current, next }) => {
      // a tab change stays on the page and asks through `leave` itself
      if (!dirtyRef.current || next.pathname === current.pathname) return false
      return new Promise<boolean>((resolve) =>
        send({
          type: 'leave.request',
          proceed: () => resolve(false),
          stay: () => resolve(true),
        }),
      )
    },
    enableBeforeUnload: () => dirtyRef.current,
  })

  return {
    state,
    send,
    draft: state.context.draft as SettingsDraft,
    loaded: saved !== null,
    loadError: settings.error ?? products.error,
    productList: products.data?.products ?? [],
    /** Leave the tab: at once when nothing is unsaved, else after the popup's answer. */
    leave: (proceed: () => void) => send({ type: 'leave.request', proceed, stay: () => undefined }),
    refusedFields: state.context.fields.map(fieldOf).filter((f): f is SettingsField => f !== null),
  }
}
