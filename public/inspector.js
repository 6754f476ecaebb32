// Offline viewer for @statelyai/inspect's browser inspector (src/web/lib/inspect.ts falls back to it when
// https://stately.ai/inspect cannot be reached, or with ?inspect=local). It says "connected" to the page, then
// draws the chosen actor's statechart from the definition the inspector sends (the machine config), highlights
// the current state from every snapshot, and lists every inspection event beside it.
const list = document.getElementById('events')
const count = document.getElementById('count')
const chart = document.getElementById('chart')
const picker = document.getElementById('actor')
/** sessionId → { name, definition, value, lastEvent } */
const actors = new Map()
let received = 0
let shown = null

function parse(definition) {
  if (!definition) return null
  try {
    return typeof definition === 'string' ? JSON.parse(definition) : definition
  } catch {
    return null
  }
}

/** Dotted paths of every active state in a snapshot value: 'a' → [a]; { a: { b: 'c' } } → [a, a.b, a.b.c]. */
function activePaths(value, prefix = '') {
  if (typeof value === 'string') return [prefix + value]
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) => [prefix + key, ...activePaths(child, `${prefix}${key}.`)])
}

/** A transition config (string, object or list) as target texts. */
function targetsOf(config) {
  if (config === undefined || config === null) return []
  if (typeof config === 'string') return [config]
  if (Array.isArray(config)) return config.flatMap(targetsOf)
  if (typeof config === 'object') {
    const target = config.target
    const texts = target === undefined ? ['(no state change)'] : targetsOf(target)
    return texts.map((t) => (config.guard ? `${t} [${typeof config.guard === 'string' ? config.guard : (config.guard.type ?? 'guard')}]` : t))
  }
  return []
}

function transitionsOf(node) {
  const rows = []
  for (const [event, config] of Object.entries(node.on ?? {})) for (const t of targetsOf(config)) rows.push([event, t])
  for (const [delay, config] of Object.entries(node.after ?? {})) for (const t of targetsOf(config)) rows.push([`after ${delay}`, t])
  for (const t of targetsOf(node.always)) rows.push(['always', t])
  const invokes = Array.isArray(node.invoke) ? node.invoke : node.invoke ? [node.invoke] : []
  for (const inv of invokes) {
    const id = inv.id ?? (typeof inv.src === 'string' ? inv.src : 'actor')
    for (const t of targetsOf(inv.onDone)) rows.push([`done: ${id}`, t])
    for (const t of targetsOf(inv.onError)) rows.push([`error: ${id}`, t])
  }
  return rows
}

/** Child states, the initial one first (the inspector sends the definition with its keys sorted). */
function ordered(node) {
  const entries = Object.entries(node.states ?? {})
  return entries.sort(([a], [b]) => (a === node.initial ? -1 : b === node.initial ? 1 : 0))
}

function el(tag, className, text) {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

function drawState(key, node, path, active, lastEvent, isInitial) {
  const box = el('div', 'state')
  box.dataset.statePath = path
  box.dataset.type = node.type ?? (node.states ? 'compound' : 'atomic')
  if (active.has(path)) box.dataset.active = ''
  const name = el('div', 'name', key)
  if (isInitial) name.prepend(el('span', 'initial', '● '))
  box.append(name)
  if (node.description) box.append(el('div', 'description', node.description))
  if (node.tags?.length) box.append(el('div', 'tags', `shows: ${[].concat(node.tags).join(', ')}`))
  const rows = transitionsOf(node)
  if (rows.length) {
    const ul = el('ul', 'transitions')
    for (const [event, target] of rows) {
      const li = el('li', '', `${event} → ${target}`)
      if (active.has(path) && lastEvent === event) li.dataset.lastTaken = ''
      ul.append(li)
    }
    box.append(ul)
  }
  if (node.states) {
    const children = el('div', 'children')
    for (const [childKey, child] of ordered(node))
      children.append(drawState(childKey, child, `${path}.${childKey}`, active, lastEvent, node.initial === childKey))
    box.append(children)
  }
  return box
}

function draw() {
  const actor = shown ? actors.get(shown) : undefined
  chart.replaceChildren()
  if (!actor) return chart.append(el('p', '', 'Waiting for an actor…'))
  chart.dataset.actor = actor.name
  const definition = parse(actor.definition)
  if (!definition?.states) return chart.append(el('p', '', `${actor.name}: no statechart (${JSON.stringify(actor.value ?? null)})`))
  const active = new Set(activePaths(actor.value))
  const root = el('div', 'children')
  for (const [key, node] of ordered(definition)) root.append(drawState(key, node, key, active, actor.lastEvent, definition.initial === key))
  chart.append(el('div', 'name', `${actor.name}${definition.description ? ` — ${definition.description}` : ''}`))
  // transitions the machine takes from any state
  const anywhere = transitionsOf(definition)
  if (anywhere.length) {
    const ul = el('ul', 'transitions')
    ul.dataset.statePath = ''
    for (const [event, target] of anywhere) ul.append(el('li', '', `from any state: ${event} → ${target}`))
    chart.append(ul)
  }
  chart.append(root)
  const current = [...chart.querySelectorAll('[data-active]')].at(-1)
  current?.scrollIntoView({ block: 'nearest' })
}

function refreshPicker() {
  const options = [...actors.entries()].map(([id, actor]) => {
    const option = el('option', '', actor.name)
    option.value = id
    option.selected = id === shown
    return option
  })
  picker.replaceChildren(...options)
}

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
  if (event.type === '@xstate.actor') {
    actors.set(event.sessionId, { name: event.name ?? event.sessionId, definition: event.definition, value: event.snapshot?.value })
    // the first actor with a statechart is drawn until the user picks another
    if (!shown || !parse(actors.get(shown)?.definition)?.states) shown = event.sessionId
    refreshPicker()
  }
  const actor = actors.get(event.sessionId)
  if (actor && event.type === '@xstate.snapshot') actor.value = event.snapshot?.value
  if (actor && event.type === '@xstate.event') actor.lastEvent = eventLabel(event.event?.type ?? '')
  const detail = describe(event)
  const item = el('li')
  item.dataset.type = event.type
  item.dataset.actor = actor?.name ?? event.sessionId ?? '?'
  item.dataset.detail = detail
  item.append(el('span', 'kind', event.type.replace('@xstate.', '')), el('span', 'actor', item.dataset.actor), el('span', 'detail', detail))
  list.append(item)
  count.textContent = String(++received)
  if (event.sessionId === shown) draw()
})

/** The label a transition row uses for an event type (done/error of invoked actors, delays). */
function eventLabel(type) {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type)
  if (done) return `done: ${done[1]}`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type)
  if (error) return `error: ${error[1]}`
  const after = /^xstate\.after\.([^.]+)\./.exec(type)
  if (after) return `after ${after[1]}`
  return type
}

picker.addEventListener('change', () => {
  shown = picker.value
  draw()
})

document.getElementById('clear').addEventListener('click', () => {
  list.replaceChildren()
  received = 0
  count.textContent = '0'
})

draw()

// The inspector learns which window to post to from the iframe's load event, so say "connected" only after
// loading has finished; it then replays everything it held back.
const host = window.parent !== window ? window.parent : window.opener
function connect() {
  setTimeout(() => {
    if (!host) return
    host.postMessage({ type: '@statelyai.connected' }, '*')
    document.getElementById('status').textContent = 'connected'
  }, 0)
}
if (document.readyState === 'complete') connect()
else window.addEventListener('load', connect)
