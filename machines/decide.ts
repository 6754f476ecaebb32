/**
 * A state with no screen of its own that decides at once where the flow goes: the first branch whose guard holds
 * (the last branch has none). Each branch says in words when it is taken; diagrams and QA plans show it.
 */
export function decide<const TBranch extends { guard?: string; target: string; description: string }>(description: string, branches: TBranch[]) {
  return { description, always: branches }
}
