// The routes' titles and the pages' names: the entry chunk reads them, so they stay in the main catalog (lingui.config.ts).
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { styleguideComponents, styleguideGlobalRules } from '@/domain/content.ts'

export type GlobalRule = (typeof styleguideGlobalRules)[number]
export type ComponentName = (typeof styleguideComponents)[number]

export const globalRuleNames: Record<GlobalRule, MessageDescriptor> = {
  color: msg`Color`,
  philosophy: msg`Philosophy`,
  icongraphy: msg`Iconography`,
  illustration: msg`Illustration`,
  interaction: msg`Interaction`,
  photo: msg`Photo`,
  layout: msg`Layout`,
  shadow: msg`Shadow`,
  shape: msg`Shape`,
  typography: msg`Typography`,
  transition: msg`Transition`,
}

export const componentNames: Record<ComponentName, MessageDescriptor> = {
  balloon: msg`Balloon`,
  buttons: msg`Buttons`,
  expand: msg`Expand`,
  cards: msg`Cards`,
  halfsheets: msg`Half sheets`,
  label: msg`Label`,
  selectioncontrols: msg`Selection controls`,
  tab: msg`Tab`,
  toast: msg`Toast`,
  form: msg`Form`,
  header: msg`Header`,
  pagecontrols: msg`Page controls`,
  list: msg`List`,
  slider: msg`Slider`,
}
