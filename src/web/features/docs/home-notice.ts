import * as v from 'valibot'

/** The notice home shows when a phone was sent there from sign-up (spec §2 mobile redirect; issue 11). */
export const signUpNeedsLargerScreen = 'signup-larger-screen'

/** Home's search: `?notice=` names a notice it knows; anything else is dropped. */
export const homeSearchSchema = v.object({ notice: v.optional(v.picklist([signUpNeedsLargerScreen])) })
export type HomeSearch = v.InferOutput<typeof homeSearchSchema>

export function homeSearchOf(search: Record<string, unknown>): HomeSearch {
  const parsed = v.safeParse(homeSearchSchema, search)
  return parsed.success ? parsed.output : {}
}
