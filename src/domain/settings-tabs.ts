/**
 * The tabs of the settings page (spec §2), in order; the first is the default. Apart from the settings' rules
 * (`settings.ts`, which need the URL judge `merchant-urls.ts`): the shell's route frames read them on every page.
 */
export const settingsTabs = ['configuration', 'api-keys', 'opa-scopes'] as const
export type SettingsTab = (typeof settingsTabs)[number]
