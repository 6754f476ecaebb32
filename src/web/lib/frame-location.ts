/**
 * The address a frame of this origin shows now, for flows that wait for a consent page to come back (the cake
 * shop's direct debit, the lab's "Link a test user"); null while it shows a page of another origin (or nothing).
 */
export function frameLocation(frame: HTMLIFrameElement | null): string | null {
  try {
    return frame?.contentWindow?.location.href || null
  } catch {
    return null // a page of another origin: not the return yet
  }
}
