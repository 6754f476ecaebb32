import { ProgressBar } from '@/web/ui/progress-bar.tsx'
import { useRequestsInFlight } from '@/web/lib/progress.ts'

/** spec §2: the header's progress bar runs while requests are in flight and finishes when none is left. */
export function RequestProgress() {
  return <ProgressBar active={useRequestsInFlight()} />
}
