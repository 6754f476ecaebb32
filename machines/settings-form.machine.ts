import { assign, fromPromise, setup } from 'xstate'
import { errorCodeOf } from './account-flow.ts'

/**
 * The settings form (spec §2 Settings tabs, header "save-changes popup", §8 'Saved successfully' / 'Cannot be
 * saved'): edits make it dirty; Save sends them. Leaving (another tab, or another page through the router's
 * blocker) with unsaved changes asks 'Would you like to save the changes' — Save saves and then leaves (a refused
 * save stays, with the message); Cancel stays on the page with the edits; leaving without saving is its own, explicit
 * choice (Discard changes, issue 20). Nothing unsaved: leaving goes at once.
 * `proceed` / `stay` are the callbacks of the leave request (switch the tab, or let the router go on).
 */

export interface LeaveRequest {
  proceed: () => void
  stay: () => void
}

export type SaveResult = 'saved' | 'failed' | null

/** The save-changes popup's answer: save then leave, leave without saving, or stay with the edits (Cancel, Escape). */
export type SaveChangesAnswer = 'save' | 'discard' | 'stay'

export interface SettingsFormContext<TDraft> {
  draft: TDraft
  result: SaveResult
  errorCode: string | null
  /** The server's refused fields (paths of `data.issues`). */
  fields: string[]
  leave: LeaveRequest | null
}

export type SettingsFormEvent<TDraft> =
  { type: 'form.edit'; draft: TDraft } | { type: 'form.save' } | { type: 'form.loaded'; draft: TDraft } | ({ type: 'leave.request' } & LeaveRequest)

/** Paths of the fields a 400 INVALID_PARAMS answer refused (`data.issues[].path`). */
export function refusedFieldsOf(error: unknown): string[] {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : null
  const issues = typeof data === 'object' && data !== null && 'issues' in data ? (data as { issues: unknown }).issues : null
  if (!Array.isArray(issues)) return []
  return issues.flatMap((issue) =>
    typeof issue === 'object' && issue !== null && typeof (issue as { path?: unknown }).path === 'string' ? [(issue as { path: string }).path] : [],
  )
}

type Draft = unknown

export const settingsFormMachine = setup({
  types: {
    context: {} as SettingsFormContext<Draft>,
    events: {} as SettingsFormEvent<Draft>,
    input: {} as { draft: Draft },
  },
  actors: {
    /** The tab's save calls (updateSettings, putProducts). */
    save: fromPromise<unknown, { draft: Draft }>(async () => undefined),
    /** The header's save-changes popup: Save, Discard changes (leave without saving) or Cancel (stay with the edits). */
    ask: fromPromise<SaveChangesAnswer>(async () => 'stay'),
  },
  actions: {
    proceed: ({ context }) => context.leave?.proceed(),
    stay: ({ context }) => context.leave?.stay(),
    /** The page puts the saved values back into the form (Cancel discards the edits). */
    discard: () => undefined,
  },
}).createMachine({
  id: 'settingsForm',
  description:
    "A settings tab's form: edits make it dirty, Save sends them ('Saved successfully' / 'Cannot be saved'). Leaving the tab or the page with unsaved changes asks 'Would you like to save the changes': Save saves and then leaves, Discard changes leaves without saving, Cancel stays with the edits.",
  context: ({ input }) => ({ draft: input.draft, result: null, errorCode: null, fields: [], leave: null }),
  initial: 'clean',
  on: {
    'form.loaded': { target: '.clean', actions: assign({ draft: ({ event }) => event.draft, leave: null }), description: 'The saved settings are (re)loaded' },
  },
  states: {
    clean: {
      description: 'Nothing unsaved; the last save message (if any) shows.',
      tags: ['screen.form'],
      on: {
        'form.edit': { target: 'dirty', actions: assign({ draft: ({ event }) => event.draft, result: null }), description: 'The user changes a field' },
        'leave.request': { actions: ({ event }) => event.proceed(), description: 'The user leaves: nothing to save, it goes at once' },
      },
    },
    dirty: {
      description: 'Unsaved changes; Save is enabled.',
      tags: ['screen.form'],
      on: {
        'form.edit': { actions: assign({ draft: ({ event }) => event.draft }), description: 'The user changes a field' },
        'form.save': { target: 'saving', actions: assign({ result: null, errorCode: null, leave: null }), description: 'The user presses Save' },
        'leave.request': {
          target: 'asking',
          actions: assign({ leave: ({ event }) => ({ proceed: event.proceed, stay: event.stay }) }),
          description: 'The user leaves the tab or the page with unsaved changes',
        },
      },
    },
    asking: {
      description: "The save-changes popup: 'Would you like to save the changes' (Save / Discard changes / Cancel).",
      tags: ['screen.form', 'screen.saveChangesPopup'],
      invoke: {
        id: 'ask',
        src: 'ask',
        onDone: [
          {
            guard: ({ event }) => event.output === 'save',
            target: 'saving',
            actions: assign({ result: null, errorCode: null }),
            description: 'The user presses Save',
          },
          {
            guard: ({ event }) => event.output === 'discard',
            target: 'clean',
            actions: ['discard', 'proceed', assign({ leave: null, result: null, fields: [] })],
            description: 'The user presses Discard changes: the edits are dropped and it leaves',
          },
          {
            target: 'dirty',
            actions: ['stay', assign({ leave: null })],
            description: 'The user presses Cancel (or Escape): it stays on the page with the edits',
          },
        ],
      },
    },
    saving: {
      description: 'The changes are being saved; Save is busy.',
      tags: ['screen.form', 'busy.saving'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: {
          target: 'clean',
          actions: ['proceed', assign({ result: 'saved', errorCode: null, fields: [], leave: null })],
          description: "Saved: 'Saved successfully' (and it leaves, when it was leaving)",
        },
        onError: {
          target: 'dirty',
          actions: [
            'stay',
            assign({ result: 'failed', errorCode: ({ event }) => errorCodeOf(event.error), fields: ({ event }) => refusedFieldsOf(event.error), leave: null }),
          ],
          description: "The server refuses: 'Cannot be saved', the refused fields marked; it stays",
        },
      },
    },
  },
})
