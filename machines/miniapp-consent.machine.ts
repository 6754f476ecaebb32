import { assign, setup } from 'xstate'
import type { MiniAppPermission } from '../src/domain/miniapp/types.ts'

/**
 * The mini app's consent screen in the studio's phone (spec §2 "Mini-app screens": close, provider name, the
 * information categories, legal links, agree-and-continue enabled only after scrolling to the end, cancel; §6: every
 * permission the app registered is asked at once at onboarding, and the user may refuse single scopes). Every scope
 * starts granted; each can be switched off before agreeing. Ends with the granted scopes, or cancelled.
 */

export interface MiniappConsentInput {
  appName: string
  permissions: readonly MiniAppPermission[]
}
export interface MiniappConsentContext {
  appName: string
  permissions: MiniAppPermission[]
  granted: MiniAppPermission[]
  outcome: 'agreed' | 'cancelled' | null
}
export type MiniappConsentOutput = { granted: MiniAppPermission[] } | 'cancelled'
export type MiniappConsentEvent =
  { type: 'consent.scrolledToEnd' } | { type: 'consent.toggle'; permission: MiniAppPermission } | { type: 'consent.agree' } | { type: 'consent.cancel' }

export const miniappConsentMachine = setup({
  types: {
    context: {} as MiniappConsentContext,
    events: {} as MiniappConsentEvent,
    input: {} as MiniappConsentInput,
    output: {} as MiniappConsentOutput,
  },
  actions: {
    toggle: assign({
      granted: ({ context, event }) => {
        if (event.type !== 'consent.toggle') return context.granted
        return context.granted.includes(event.permission)
          ? context.granted.filter((p) => p !== event.permission)
          : context.permissions.filter((p) => p === event.permission || context.granted.includes(p))
      },
    }),
    cancel: assign({ outcome: 'cancelled' as const }),
  },
}).createMachine({
  id: 'miniappConsent',
  description:
    "The mini app's consent screen at first launch: every permission the app registered at once, each switchable off; Agree is enabled only after scrolling to the end; Cancel or close refuses all.",
  context: ({ input }) => ({ appName: input.appName, permissions: [...input.permissions], granted: [...input.permissions], outcome: null }),
  output: ({ context }) => (context.outcome === 'agreed' ? { granted: context.granted } : 'cancelled'),
  initial: 'reading',
  states: {
    reading: {
      description: 'The consent screen with the app name and every permission asked; Agree and continue is disabled until the end is reached.',
      tags: ['screen.consent', 'agree.disabled'],
      on: {
        'consent.scrolledToEnd': { target: 'readToEnd', description: 'The user scrolls to the end of the consent text' },
        'consent.toggle': { actions: 'toggle', description: 'The user switches one permission off (deny) or on again (grant)' },
        'consent.cancel': { target: 'cancelled', actions: 'cancel', description: 'The user presses Cancel or closes the screen' },
      },
    },
    readToEnd: {
      description: 'The whole text has been seen: Agree and continue is enabled.',
      tags: ['screen.consent', 'agree.enabled'],
      on: {
        'consent.agree': {
          target: 'agreed',
          actions: assign({ outcome: 'agreed' }),
          description: 'The user presses Agree and continue',
        },
        'consent.toggle': { actions: 'toggle', description: 'The user switches one permission off (deny) or on again (grant)' },
        'consent.cancel': { target: 'cancelled', actions: 'cancel', description: 'The user presses Cancel or closes the screen' },
      },
    },
    agreed: { description: 'The switched-on permissions are granted, the others denied; the app goes on.', type: 'final' },
    cancelled: { description: 'Nothing is granted: the call that asked answers USER_CANCELED.', type: 'final' },
  },
})
