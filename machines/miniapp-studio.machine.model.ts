import type { AnyMachineSnapshot } from 'xstate'
import { miniappStudioMachine, type MiniappStudioContext, type ReadFolder, type StudioApp } from './miniapp-studio.machine.ts'

/**
 * The mini-app studio page as its model-based test and `npm run qa:paths miniapp-studio` walk it: the example app,
 * a folder picked or dropped (read, checked, uploaded: every answer), the link `npm run miniapp` prints (the app
 * followed, its uploads pushed), the browser's back and forward, and the page's language. What can happen next
 * depends on the state, which app the address names, whether the tab follows it and whether the app loaded last can
 * run; the apps' findings and the files do not.
 */
export const studioCliAppId = 'ma_cli0000000000000000'
export const studioUploadedAppId = 'ma_up00000000000000000'

const manifest = { appName: 'Cake shop', version: '1.0.0', baseLibraryVersion: '2.42.0', pages: ['pages/home'] }
const warning = { severity: 'warning' as const, rule: 'icon.size', path: 'images/icon.png', message: 'The icon is not 144×144', fix: 'Use a 144×144 icon' }
const error = { severity: 'error' as const, rule: 'manifest.appName', path: 'app.json:appName', message: 'appName must be a string', fix: 'Name the app' }
export const runnableApp: StudioApp = { appId: 'example', manifest, findings: [warning], files: ['app.json', 'pages/home/home.html'] }
export const brokenApp: StudioApp = { appId: studioCliAppId, manifest: null, findings: [error], files: ['app.json'] }
const folder = (count: number, bytes: number): ReadFolder => ({ files: new Map(), count, bytes })
export const studioFolderFindings = { warning, error }

/** What the next step depends on besides the state: the app the address names, whether it is followed, whether the app loaded last can run. */
const branches = (s: AnyMachineSnapshot) => {
  const c = s.context as MiniappStudioContext
  return [c.appId, c.watchToken !== null, c.app ? c.app.manifest !== null : null]
}
const kept = new Set<string>()
/** Events whose outcome depends on more than the state and the event (their guards read the branches above). */
const guarded = new Set(['app.open', 'app.example', 'app.changed', 'xstate.error.actor.refetchApp'])

export const miniappStudioModel = {
  machine: miniappStudioMachine,
  inputs: [
    { name: 'no app', label: 'Open /miniapp/studio', input: { appId: null, watchToken: null, lang: 'ja' as const } },
    { name: 'example', label: 'Open /miniapp/studio?app=example', input: { appId: 'example', watchToken: null, lang: 'ja' as const } },
    {
      name: 'CLI link',
      label: 'Run `npm run miniapp -- <folder>` and open the link it prints (?app=<id>#watch=<token>)',
      input: { appId: studioCliAppId, watchToken: 'tok_cli', lang: 'en' as const },
    },
  ],
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, ...branches(s)]),
  /** One path per transition the machine can take from a kind of state, not one per way of reaching it. */
  keepTransition: (from: AnyMachineSnapshot, event: { type: string }) => {
    const key = JSON.stringify([from.value, guarded.has(event.type) ? branches(from) : [], event])
    if (kept.has(key)) return false
    kept.add(key)
    return true
  },
  observe: (s: AnyMachineSnapshot) => {
    const c = s.context as MiniappStudioContext
    return [
      ...(c.problem ? [`problem.${c.problem}`] : []),
      ...(s.matches({ shown: { view: 'reloading' } }) ? [c.app?.manifest ? 'screen.phone' : 'screen.findings'] : []),
    ]
  },
  labels: {
    'app.example': 'Press "Run the example app"',
    'app.changed': '`npm run miniapp` pushes the saved folder (the change event arrives)',
  },
  events: [
    { type: 'app.open', appId: 'example', watchToken: null, label: 'Open the address ?app=example (back/forward, or a link)' },
    { type: 'app.open', appId: studioCliAppId, watchToken: 'tok_cli', label: "Open the CLI's link (?app=<id>#watch=<token>)" },
    { type: 'app.open', appId: studioUploadedAppId, watchToken: null, label: 'Open ?app=<the uploaded app>' },
    { type: 'app.open', appId: null, watchToken: null, label: 'Go back to /miniapp/studio (no app)' },
    { type: 'folder.chosen', folder: { kind: 'picked', entries: [] }, label: 'Pick a folder' },
    { type: 'lang.changed', lang: 'en', label: 'Switch the page to English' },
    { type: 'xstate.done.actor.fetchApp', output: runnableApp, label: 'The server answers the app (app.json can run)' },
    { type: 'xstate.done.actor.fetchApp', output: brokenApp, label: 'The server answers the app with errors (manifest null)' },
    { type: 'xstate.error.actor.fetchApp', error: new Error('MINIAPP_NOT_FOUND'), label: 'The server answers 404 (unknown app) or nothing' },
    { type: 'xstate.done.actor.refetchApp', output: runnableApp, label: 'The server answers the new version (it can run)' },
    { type: 'xstate.done.actor.refetchApp', output: brokenApp, label: 'The server answers the new version, with errors' },
    { type: 'xstate.error.actor.refetchApp', error: new Error('NETWORK_ERROR'), label: 'The server does not answer' },
    { type: 'xstate.done.actor.readFolder', output: folder(3, 2_048), label: 'The folder holds app.json and 2 pages (2 KB)' },
    { type: 'xstate.done.actor.readFolder', output: folder(0, 0), label: 'The folder holds no app.json' },
    { type: 'xstate.done.actor.readFolder', output: folder(201, 201_000), label: 'The folder holds 201 files' },
    { type: 'xstate.done.actor.readFolder', output: folder(3, 6 * 1024 * 1024), label: 'The folder holds 6 MB' },
    { type: 'xstate.error.actor.readFolder', error: new Error('NotReadableError'), label: 'The browser cannot read the folder' },
    { type: 'xstate.done.actor.validateFolder', output: { ok: true, findings: [warning] }, label: 'The validator finds a warning, no error' },
    { type: 'xstate.done.actor.validateFolder', output: { ok: false, findings: [error, warning] }, label: 'The validator finds an error (appName)' },
    { type: 'xstate.error.actor.validateFolder', error: new Error('RangeError'), label: 'The validator fails' },
    { type: 'xstate.done.actor.uploadApp', output: { appId: studioUploadedAppId }, label: 'The server keeps the app (201, appId)' },
    { type: 'xstate.error.actor.uploadApp', error: Object.assign(new Error('Too many'), { code: 'RATE_LIMIT' }), label: 'The server answers 429 RATE_LIMIT' },
    { type: 'xstate.error.actor.uploadApp', error: new Error('timeout'), label: 'The upload gets no answer' },
  ],
  simplePaths: false,
  equivalentMutants: {
    'drop action `leaveApp` of `miniappStudio.empty folder.chosen`':
      'On the empty page there is nothing to forget: no app id, no edit token, no app, no findings, no files and no problem are kept there (every way into it clears them), so the folder is read the same with or without it.',
  },
  invariants: [
    {
      name: 'The phone runs only an app that can run',
      holds: (s: AnyMachineSnapshot) => !s.hasTag('screen.phone') || !!(s.context as MiniappStudioContext).app?.manifest,
    },
    {
      name: 'Only an app the tab holds the edit token of is followed',
      holds: (s: AnyMachineSnapshot) => !s.hasTag('status.following') || (s.context as MiniappStudioContext).watchToken !== null,
    },
    {
      name: 'A folder with errors is never uploaded',
      holds: (s: AnyMachineSnapshot) => !s.matches('uploading') || !((s.context as MiniappStudioContext).findings ?? []).some((f) => f.severity === 'error'),
    },
  ],
}
