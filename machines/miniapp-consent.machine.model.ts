import type { AnyMachineSnapshot } from 'xstate'
import { miniappConsentMachine } from './miniapp-consent.machine.ts'

/** The consent screen as its model-based test and `npm run qa:paths miniapp-consent` walk it (the example app's scopes). */
export const miniappConsentModel = {
  machine: miniappConsentMachine,
  inputs: [
    {
      name: 'first launch',
      label: 'Open /miniapp/studio, run the example app (cake shop) for a test user who has not consented yet (or press "Reset consent")',
      input: { appName: 'Cake shop', permissions: ['mini_app_user_name', 'mini_app_payment_balance', 'mini_app_user_phone_number'] as const },
    },
  ],
  events: [
    { type: 'consent.scrolledToEnd', label: 'Scroll the consent text to its end' },
    { type: 'consent.toggle', permission: 'mini_app_user_phone_number', label: 'Switch "phone number" off (or on again)' },
    { type: 'consent.agree', label: 'Press "Agree and continue"' },
    { type: 'consent.cancel', label: 'Press "Cancel" (or the close button)' },
  ],
  invariants: [
    { name: 'Agree is enabled only once the text was read to the end', holds: (s: AnyMachineSnapshot) => s.hasTag('agree.enabled') === s.matches('readToEnd') },
    {
      name: 'Only permissions the app registered are granted',
      holds: (s: AnyMachineSnapshot) => s.context.granted.every((p: string) => s.context.permissions.includes(p)),
    },
  ],
}
