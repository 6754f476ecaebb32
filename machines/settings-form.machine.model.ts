import type { AnyMachineSnapshot } from 'xstate'
import { AccountFlowError } from './account-flow.ts'
import { settingsFormMachine } from './settings-form.machine.ts'

const noop = () => undefined

/** How the settings-form machine is walked by its model-based test and `npm run qa:paths settings-form`. */
export const settingsFormModel = {
  machine: settingsFormMachine,
  inputs: [{ name: 'settings page', label: 'Sign in and open /settings (Configuration tab)', input: { draft: { webhookUrl: '' } } }],
  observe: (s: AnyMachineSnapshot) => (s.context.result === 'saved' ? ['alert.saved'] : s.context.result === 'failed' ? ['alert.failed'] : []),
  labels: {
    'form.save': 'Press Save',
    'form.loaded': 'The saved settings load (open the page, or save elsewhere and reload)',
    'xstate.done.actor.save': "The server saves the changes ('Saved successfully')",
    'xstate.done.actor.ask': 'Answer the save-changes popup',
  },
  events: [
    { type: 'form.edit', draft: { webhookUrl: 'https://shop.example.com/hook' }, label: 'Type https://shop.example.com/hook in Webhook URL' },
    { type: 'form.loaded', draft: { webhookUrl: '' } },
    { type: 'leave.request', proceed: noop, stay: noop, label: 'Press another settings tab (or a link out of the page)' },
    { type: 'xstate.done.actor.ask', output: 'save', label: "Press Save in the popup 'Would you like to save the changes'" },
    { type: 'xstate.done.actor.ask', output: 'discard', label: "Press Discard changes in the popup 'Would you like to save the changes'" },
    { type: 'xstate.done.actor.ask', output: 'stay', label: "Press Cancel in the popup 'Would you like to save the changes'" },
    {
      type: 'xstate.error.actor.save',
      error: new AccountFlowError('INVALID_PARAMS', { issues: [{ path: 'webhook_url', message: 'bad' }] }),
      label:
        "The server refuses the webhook URL (400 INVALID_PARAMS): 'Cannot be saved' (type ftp://x — only a crafted request gets past the form's own check)",
    },
  ],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, draft: s.context.draft, result: s.context.result, leaving: s.context.leave !== null }),
  invariants: [
    {
      name: 'Nothing waits to leave while the form is clean or dirty',
      holds: (s: AnyMachineSnapshot) => !(s.matches('clean') || s.matches('dirty')) || s.context.leave === null,
    },
  ],
}
