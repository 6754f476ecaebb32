import { ProgressBar } from '@/web/ui/progress-bar.tsx'
import { useRequestsInFlight } from '../use-in-flight.ts'

/** spec §2: the header's progress bar counts requests in flight and finishes at zero. */
export function RequestProgress() {
  return <ProgressBar active={useRequestsInFlight() > 0} />
}
