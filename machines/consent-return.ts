import { responseTokenOf } from '../src/domain/checkout-demo.ts'

/**
 * The wallet's consent page in a frame comes back to a 'loading' page of this site with `?responseToken=` (spec §4):
 * the guards of the flows that wait for it — the cake shop's direct debit and the lab's "Link a test user".
 */
export const consentReturnGuards = {
  /** The frame came back with a response token. */
  isReturnWithToken: (_: unknown, params: { location: string }) => responseTokenOf(params.location).token !== null,
  /** The frame came back without one. */
  isReturnWithoutToken: (_: unknown, params: { location: string }) => {
    const back = responseTokenOf(params.location)
    return back.returned && back.token === null
  },
}
