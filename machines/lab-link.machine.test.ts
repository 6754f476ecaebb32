import { expect, vi } from 'vitest'
import { stateValueText as text } from '../scripts/statechart-model.ts'
import { testMachinePaths } from '../tests/support/model-based.ts'
import type { LabLinkFailure } from '../src/domain/lab-link.ts'
import { labLinkModel } from './lab-link.machine.model.ts'

/**
 * The lab's "Link a test user" (issue 12, docs/dashboard.md "Linking a test user"), written from what the developer
 * should see: a remembered link shows at once; a link attempt that fails in any way — refused, no answer, declined,
 * no or a bad token, the dialog closed — leaves the earlier link (or none) as it was, with its message (none when the
 * developer closed the dialog); a new link replaces and is remembered; Unlink forgets only once the sandbox revoked.
 */
let remembered: unknown[] = []
let forgotten = 0
/** What remember/forget had done before the step being checked. */
let rememberedBefore = 0
let forgottenBefore = 0

testMachinePaths('lab-link', {
  ...labLinkModel,
  // The flow's transitions (docs/statecharts/lab-link.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'no link yet': 'unlinked', 'remembered link': 'linked' },
    transitions: {
      unlinked: {
        'link.start': 'opening',
        'alert.close': 'unlinked',
      },
      opening: {
        'xstate.done.actor.openConsent': 'consenting',
        'xstate.error.actor.openConsent': ['unlinked', 'linked'],
      },
      consenting: {
        'frame.navigated': ['consenting', 'reading', 'unlinked', 'linked'],
        'link.cancel': ['unlinked', 'linked'],
      },
      reading: {
        'xstate.done.actor.readToken': 'linked',
        'xstate.error.actor.readToken': ['unlinked', 'linked'],
      },
      linked: {
        'link.start': 'opening',
        unlink: 'unlinking',
        'alert.close': 'linked',
      },
      unlinking: {
        'xstate.done.actor.revoke': 'unlinked',
        'xstate.error.actor.revoke': 'linked',
      },
    },
  },
  compareContext: false,
  provide: () => {
    remembered = []
    forgotten = 0
    rememberedBefore = 0
    forgottenBefore = 0
    return {
      actions: {
        remember: vi.fn((_: unknown, params: { link: unknown }) => void remembered.push(params.link)),
        forget: vi.fn(() => void forgotten++),
      },
    }
  },
  check: (actual, step, before) => {
    const event = step.event as { type: string; location?: string; output?: unknown; error?: unknown }
    const now = text(actual.value)
    const linkBefore = before?.context.link ?? null
    const settled = linkBefore ? 'linked' : 'unlinked'
    const alertOf = (error: unknown) => (error as LabLinkFailure).alert ?? 'NETWORK'
    const rememberedNow = remembered.slice(rememberedBefore)
    const forgottenNow = forgotten - forgottenBefore
    rememberedBefore = remembered.length
    forgottenBefore = forgotten
    if (event.type !== 'xstate.done.actor.readToken') expect(rememberedNow, 'only a new link is remembered').toEqual([])
    if (event.type !== 'xstate.done.actor.revoke') expect(forgottenNow, 'only a revoked link is forgotten').toBe(0)
    switch (event.type) {
      case 'start':
        expect(now).toBe(actual.context.link ? 'linked' : 'unlinked')
        break
      case 'link.start':
        expect(now).toBe('opening')
        expect(actual.context.alert).toBeNull()
        expect(actual.context.pick).toEqual({ testUserId: 'tu_taro', username: 'taro' })
        break
      case 'xstate.done.actor.openConsent':
        expect([now, actual.context.consentUrl]).toEqual(['consenting', (event.output as { url: string }).url])
        expect(actual.hasTag('frame')).toBe(true)
        break
      case 'xstate.error.actor.openConsent':
      case 'xstate.error.actor.readToken':
        expect([now, actual.context.link, actual.context.alert]).toEqual([settled, linkBefore, alertOf(event.error)])
        expect(actual.hasTag('frame')).toBe(false)
        break
      case 'frame.navigated':
        if (event.location!.includes('responseToken=')) expect([now, actual.context.responseToken]).toEqual(['reading', 'eyJ.a.b'])
        else if (event.location!.includes('loading')) expect([now, actual.context.link, actual.context.alert]).toEqual([settled, linkBefore, 'TOKEN_MISSING'])
        else expect(now).toBe('consenting')
        break
      case 'link.cancel':
        expect([now, actual.context.link, actual.context.alert]).toEqual([settled, linkBefore, null])
        // the consent page, its nonce and any token are dropped with the dialog
        expect([actual.context.consentUrl, actual.context.nonce, actual.context.responseToken]).toEqual([null, null, null])
        break
      case 'xstate.done.actor.readToken':
        expect([now, actual.context.link, actual.context.alert]).toEqual(['linked', event.output, null])
        expect(rememberedNow).toEqual([event.output])
        break
      case 'unlink':
        expect([now, actual.context.alert]).toEqual(['unlinking', null])
        break
      case 'xstate.done.actor.revoke':
        expect([now, actual.context.link]).toEqual(['unlinked', null])
        expect(forgottenNow).toBe(1)
        break
      case 'xstate.error.actor.revoke':
        expect([now, actual.context.link, actual.context.alert, actual.context.code]).toEqual(['linked', linkBefore, 'UNLINK_FAILED', 'INTERNAL_SERVER_ERROR'])
        break
      case 'alert.close':
        expect([now, actual.context.alert]).toEqual([text(before!.value), null])
        break
      default:
        throw new Error(`no oracle for ${event.type}`)
    }
  },
})
