// Offline receiver for @statelyai/inspect's browser inspector (src/web/lib/inspect.ts): it tells the page
// it is connected, then lists every inspection event the page posts.
const list = document.getElementById('events')
const count = document.getElementById('count')
const names = new Map()
let received = 0

function describe(event) {
  if (event.type === '@xstate.actor') return `started ${event.name ?? event.sessionId}`
  if (event.type === '@xstate.event') return event.event?.type ?? ''
  if (event.type === '@xstate.snapshot') {
    const value = event.snapshot?.value
    return typeof value === 'string' ? value : JSON.stringify(value ?? event.snapshot?.status ?? null)
  }
  return ''
}

window.addEventListener('message', (message) => {
  const event = message.data
  if (!event || typeof event.type !== 'string' || !event.type.startsWith('@xstate.')) return
  if (event.type === '@xstate.actor') names.set(event.sessionId, event.name ?? event.sessionId)
  const actor = names.get(event.sessionId) ?? event.sessionId ?? '?'
  const detail = describe(event)
  const item = document.createElement('li')
  item.dataset.type = event.type
  item.dataset.actor = actor
  item.dataset.detail = detail
  for (const [cls, text] of [['kind', event.type.replace('@xstate.', '')], ['actor', actor], ['detail', detail]]) {
    const cell = document.createElement('span')
    cell.className = cls
    cell.textContent = text
    item.append(cell)
  }
  list.append(item)
  count.textContent = String(++received)
})

document.getElementById('clear').addEventListener('click', () => {
  list.replaceChildren()
  received = 0
  count.textContent = '0'
})

// The inspector learns which window to post to from the iframe's load event, so say "connected" only
// after loading has finished; it then replays everything it held back.
const host = window.parent !== window ? window.parent : window.opener
window.addEventListener('load', () => {
  setTimeout(() => {
    if (!host) return
    host.postMessage({ type: '@statelyai.connected' }, '*')
    document.getElementById('status').textContent = 'connected'
  }, 0)
})
