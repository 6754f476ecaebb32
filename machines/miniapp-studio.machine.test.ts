import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, getNextSnapshot, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import { miniappStudioMachine, uploadErrorOf, type MiniappStudioContext, type ReadFolder, type StudioApp } from './miniapp-studio.machine.ts'
import { miniappStudioModel, runnableApp, studioCliAppId, studioFolderFindings } from './miniapp-studio.machine.model.ts'

/**
 * The studio page (issue 21, docs/miniapp-studio.md): an app opens by its id (the address) and runs in the phone, or
 * shows its findings when it cannot run; a folder is read, refused when empty, over 200 files or over 5 MB, checked
 * by the validator, refused with its findings when it has an error, else uploaded and opened by its new id; only the
 * app whose edit token the tab holds (the CLI's link) is followed, and each upload the CLI pushes loads it again. The
 * oracle below is written from that, not from the machine: the screen a step must lead to, given the one before.
 */
const ctx = (s: AnyMachineSnapshot) => s.context as MiniappStudioContext
/** The screen: the state, with the shown app's view (its following is checked apart). */
const at = (s: AnyMachineSnapshot) => {
  const value = s.value as string | { shown: { view: string } }
  return typeof value === 'string' ? value : `shown.${value.shown.view}`
}
const busy = ['reading', 'validating', 'uploading']

/** The state that waits for each actor's answer. */
const answeredIn: Record<string, string> = {
  fetchApp: 'loading',
  refetchApp: 'shown.reloading',
  readFolder: 'reading',
  validateFolder: 'validating',
  uploadApp: 'uploading',
}

function expectedAfter(before: AnyMachineSnapshot, event: { type: string; [key: string]: unknown }): string {
  const state = at(before)
  const c = ctx(before)
  const shown = state.startsWith('shown.')
  const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1]
  if (actor && answeredIn[actor] !== state) return state
  switch (event.type) {
    case 'app.open':
      return event.appId === c.appId ? state : event.appId ? 'loading' : 'empty'
    case 'app.example':
      if (busy.includes(state)) return state
      return c.appId === 'example' && (shown || state === 'loading') ? state : 'loading'
    case 'folder.chosen':
      return busy.includes(state) ? state : 'reading'
    case 'lang.changed':
      return state === 'loadFailed' ? 'loading' : shown ? 'shown.reloading' : state
    case 'app.changed':
      return shown && c.watchToken !== null ? 'shown.reloading' : state
    case 'xstate.done.actor.fetchApp':
    case 'xstate.done.actor.refetchApp':
      return (event.output as StudioApp).manifest ? 'shown.running' : 'shown.checked'
    case 'xstate.error.actor.fetchApp':
      return 'loadFailed'
    case 'xstate.error.actor.refetchApp':
      return c.app?.manifest ? 'shown.running' : 'shown.checked'
    case 'xstate.done.actor.readFolder': {
      const read = event.output as ReadFolder
      return read.count === 0 || read.count > 200 || read.bytes > 5 * 1024 * 1024 ? 'refused' : 'validating'
    }
    case 'xstate.done.actor.validateFolder':
      return (event.output as { ok: boolean }).ok ? 'uploading' : 'invalid'
    case 'xstate.error.actor.readFolder':
    case 'xstate.error.actor.validateFolder':
      return 'refused'
    case 'xstate.done.actor.uploadApp':
      return 'loading'
    case 'xstate.error.actor.uploadApp':
      return 'uploadFailed'
    default:
      return state
  }
}

/** Why the page shows an alert after the step (null: none), from the spec. */
function expectedProblem(before: AnyMachineSnapshot, after: AnyMachineSnapshot, event: { type: string; [key: string]: unknown }) {
  const state = at(after)
  const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1]
  if (actor && answeredIn[actor] !== at(before)) return ctx(before).problem
  if (state === 'loadFailed') return 'LOAD_FAILED'
  if (state === 'invalid') return 'HAS_ERRORS'
  if (state === 'uploadFailed') return 'UPLOAD_FAILED'
  if (state === 'refused') {
    if (at(before) === 'refused') return ctx(before).problem
    if (event.type === 'xstate.error.actor.readFolder') return 'READ_FAILED'
    if (event.type === 'xstate.error.actor.validateFolder') return 'CHECK_FAILED'
    const read = event.output as ReadFolder
    return read.count === 0 ? 'EMPTY_FOLDER' : read.count > 200 ? 'TOO_MANY_FILES' : 'TOO_LARGE'
  }
  if (event.type === 'xstate.error.actor.refetchApp') return 'LOAD_FAILED'
  if (state.startsWith('shown.') && at(before) === state) return ctx(before).problem
  if (state === 'shown.reloading') return ctx(before).problem
  return null
}

/** Every event of the model, as a tester can send it in any state. */
const allEvents = [...miniappStudioModel.events, ...Object.keys(miniappStudioModel.labels).map((type) => ({ type }))]

/**
 * The oracle in every state a path reaches, for every event (not only the one the path takes next): where the
 * machine would go, what the page would then say, and whether the app would be followed.
 */
function expectEveryEventAnswered(actual: AnyMachineSnapshot) {
  for (const event of allEvents) {
    const next = getNextSnapshot(actual.machine, actual, event)
    const where = `${at(actual)} on ${event.type} (${'label' in event ? event.label : event.type})`
    expect(at(next), where).toBe(expectedAfter(actual, event))
    expect(ctx(next).problem, `problem: ${where}`).toBe(expectedProblem(actual, next, event))
    expect(next.hasTag('status.following'), `following: ${where}`).toBe(at(next).startsWith('shown.') && ctx(next).watchToken !== null)
    if (event.type === 'lang.changed') expect(ctx(next).lang, where).toBe('en')
    if (event.type === 'app.example' && at(next) === 'loading') expect(ctx(next).appId, where).toBe('example')
    // a load asked for again starts afresh (the newest upload, the new language), else it goes on
    if (at(next) === at(actual) && !event.type.startsWith('xstate.') && (actual.matches('loading') || actual.hasTag('busy.reloading')))
      expect(loadOf(next) !== loadOf(actual), `load started again: ${where}`).toBe(startsLoadAgain(actual, event))
  }
}

const loadOf = (s: AnyMachineSnapshot) => s.children.fetchApp ?? s.children.refetchApp
function startsLoadAgain(s: AnyMachineSnapshot, event: { type: string; [key: string]: unknown }) {
  const c = ctx(s)
  if (event.type === 'lang.changed') return true
  if (s.matches('loading')) return (event.type === 'app.example' && c.appId !== 'example') || (event.type === 'app.open' && event.appId !== c.appId)
  return event.type === 'app.changed' && c.watchToken !== null
}

/** The addresses the page was sent to (`showApp`), per path. */
let navigated: Array<string | null> = []
let navigatedBefore = 0

testMachinePaths('miniapp-studio', {
  ...miniappStudioModel,
  compareContext: false,
  provide: () => {
    navigated = []
    return { actions: { showApp: ({ context }: { context: MiniappStudioContext }) => void navigated.push(context.appId) } }
  },
  check: (actual, step, before) => {
    const c = ctx(actual)
    const event = step.event
    // the app is followed exactly while it is shown and the tab holds its edit token
    expect(actual.hasTag('status.following'), 'following').toBe(at(actual).startsWith('shown.') && c.watchToken !== null)
    // the app loads in the page's language, by the id the address names
    if (actual.matches('loading')) expect(actual.children.fetchApp?.getSnapshot().input).toEqual({ appId: c.appId, lang: c.lang })
    const navigatedNow = navigated.length
    expectEveryEventAnswered(actual)
    navigated.length = navigatedNow // (in case trying the events ran the page's actions)
    if (event.type === 'start') {
      navigatedBefore = 0
      expect(at(actual)).toBe(c.appId ? 'loading' : 'empty')
      expect([c.app, c.problem, c.findings]).toEqual([null, null, null])
      return
    }
    const b = ctx(before!)
    expect(at(actual), `${at(before!)} on ${event.type}`).toBe(expectedAfter(before!, event))
    expect(c.problem, `problem after ${event.type} in ${at(before!)}`).toBe(expectedProblem(before!, actual, event))
    // the address follows what the page shows: the example, a folder (no app), an uploaded app
    const moved = at(actual) !== at(before!) || (event.type === 'app.example' && actual.matches('loading') && b.appId !== 'example')
    const expectedUrl =
      !moved || event.type === 'app.open'
        ? undefined
        : event.type === 'app.example'
          ? 'example'
          : event.type === 'folder.chosen'
            ? null
            : event.type === 'xstate.done.actor.uploadApp'
              ? (event.output as { appId: string }).appId
              : undefined
    expect(navigated.slice(navigatedBefore), `navigation after ${event.type}`).toEqual(expectedUrl === undefined ? [] : [expectedUrl])
    navigatedBefore = navigated.length
    if (expectedUrl !== undefined) expect(c.appId).toBe(expectedUrl)
    if (event.type === 'app.open' && moved) expect([c.appId, c.watchToken, c.app]).toEqual([event.appId, event.watchToken, null])
    if (moved && (event.type === 'app.example' || event.type === 'folder.chosen' || event.type === 'xstate.done.actor.uploadApp'))
      expect([c.watchToken, c.app, c.findings, c.files]).toEqual([null, null, null, null])
    if (event.type === 'lang.changed') expect(c.lang).toBe('en')
    if (event.type === 'xstate.done.actor.fetchApp' || event.type === 'xstate.done.actor.refetchApp') expect(c.app).toBe(event.output)
    if (event.type === 'xstate.error.actor.refetchApp') expect(c.app).toBe(b.app) // the phone keeps the version it had
    if (event.type === 'xstate.done.actor.readFolder' && at(actual) === 'validating') expect(c.files).toBe((event.output as ReadFolder).files)
    if (event.type === 'xstate.done.actor.validateFolder') expect(c.findings).toEqual((event.output as { findings: unknown }).findings)
    if (actual.matches('validating') && !before!.matches('validating'))
      expect(actual.children.validateFolder?.getSnapshot().input).toEqual({ files: c.files, lang: c.lang })
    if (actual.matches('uploading')) expect(actual.children.uploadApp?.getSnapshot().input).toEqual({ files: c.files })
    if (at(actual) === 'uploadFailed') expect(c.uploadError).toBe(event.type === 'xstate.error.actor.uploadApp' ? uploadErrorOf(event.error) : b.uploadError)
    // files are kept only while a folder is checked and uploaded
    if (!['validating', 'uploading'].includes(at(actual))) expect(c.files).toBeNull()
  },
})

describe('the studio page flow with real stand-ins', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('reads, checks and uploads a folder, then opens the uploaded app by its id in the page’s language', async () => {
    const calls: string[] = []
    const actor = createActor(
      miniappStudioMachine.provide({
        actors: {
          readFolder: fromPromise(async (): Promise<ReadFolder> => ({ files: new Map([['app.json', new Uint8Array([123, 125])]]), count: 1, bytes: 2 })),
          validateFolder: fromPromise(async ({ input }) => {
            calls.push(`validate ${[...input.files.keys()].join()} ${input.lang}`)
            return { ok: true, findings: [studioFolderFindings.warning] }
          }),
          uploadApp: fromPromise(async ({ input }) => {
            calls.push(`upload ${input.files.size}`)
            return { appId: 'ma_new0000000000000000' }
          }),
          fetchApp: fromPromise(async ({ input }) => {
            calls.push(`fetch ${input.appId} ${input.lang}`)
            return { ...runnableApp, appId: input.appId }
          }),
        },
      }),
      { input: { appId: null, watchToken: null, lang: 'en' } },
    ).start()
    actor.send({ type: 'folder.chosen', folder: { kind: 'picked', entries: [] } })
    for (let i = 0; i < 6; i++) await settle()
    expect(calls).toEqual(['validate app.json en', 'upload 1', 'fetch ma_new0000000000000000 en'])
    expect(actor.getSnapshot().matches({ shown: { view: 'running', watch: 'off' } })).toBe(true)
  })

  it('follows the CLI’s app: a pushed upload loads it again, and a broken one keeps it followed until it is fixed', async () => {
    let sendChange: (() => void) | undefined
    let version = 0
    const actor = createActor(
      miniappStudioMachine.provide({
        actors: {
          fetchApp: fromPromise(async () => (++version === 2 ? { ...runnableApp, manifest: null } : runnableApp)),
          watchChanges: fromCallback(({ sendBack }) => {
            sendChange = () => sendBack({ type: 'app.changed' })
            return () => (sendChange = undefined)
          }),
        },
      }),
      { input: { appId: studioCliAppId, watchToken: 'tok', lang: 'ja' } },
    ).start()
    await settle()
    expect(actor.getSnapshot().matches({ shown: { view: 'running', watch: 'following' } })).toBe(true)
    sendChange!()
    await settle()
    expect(actor.getSnapshot().matches({ shown: { view: 'checked', watch: 'following' } })).toBe(true)
    sendChange!()
    await settle()
    expect([actor.getSnapshot().matches({ shown: { view: 'running' } }), version]).toEqual([true, 3])
    actor.send({ type: 'app.example' })
    expect(sendChange).toBeUndefined() // the example is not followed: the change stream is closed
  })
})
