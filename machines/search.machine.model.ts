import type { AnyMachineSnapshot } from 'xstate'
import { searchMachine } from './search.machine.ts'

const hit = { title: 'Web Payment', description: 'Pay on the web.', slug: 'products/docs/webpayment' }

/**
 * How the search machine is walked by its model-based test, `npm run qa:paths search` and the browser path test,
 * with the real half-second debounce.
 */
export const searchModel = {
  machine: searchMachine,
  inputs: [{ name: 'dialog open', label: 'Open the search dialog (the magnifier in the header)', input: undefined }],
  events: [
    { type: 'search.input', text: '決済', label: 'Type 決済 in the search field' },
    { type: 'search.input', text: '', label: 'Empty the search field' },
    { type: 'search.input', text: 'ｑｒ', label: 'Type ｑｒ in full-width letters (searched as qr)' },
    { type: 'search.input', text: 'qr '.repeat(70), label: 'Paste 210 characters of search words (more than a search takes)' },
    { type: 'xstate.done.actor.search', output: [hit], label: 'The server answers matching pages (決済 matches)' },
    { type: 'xstate.done.actor.search', output: [], label: 'The server answers an empty list' },
    { type: 'xstate.error.actor.search', error: { status: 404 }, label: 'The server answers 404: nothing matches (type e.g. zzqx)' },
    { type: 'xstate.error.actor.search', error: { status: 500 }, label: 'The server fails (500, or the network is down)' },
  ],
  invariants: [{ name: 'Results show only with a search text', holds: (s: AnyMachineSnapshot) => !s.matches('results') || s.context.text.trim() !== '' }],
}
