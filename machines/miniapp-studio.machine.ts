import { and, assign, fromCallback, fromPromise, not, setup } from 'xstate'
import type { MiniAppFiles, MiniAppManifest } from '../src/domain/miniapp/types.ts'
import type { Finding } from '../src/domain/miniapp/validate.ts'
import { exampleAppId, miniAppLimits } from '../src/domain/miniapp-runtime.ts'
import { decide } from './decide.ts'

/**
 * The mini-app studio page (issue 21, issue 30; docs/miniapp-studio.md): which app the page shows and how it got
 * there. An app is opened by its id (the URL's `?app=`: the example, an uploaded folder, or the link `npm run miniapp`
 * prints) and then runs in the phone (the session of one run is machines/miniapp-session.machine.ts) or, when it
 * cannot run, shows the server's findings. A folder picked or dropped is read, checked by the validator in the browser,
 * refused with its findings when it has errors, else uploaded and opened. An app `npm run miniapp` serves is followed:
 * every upload the CLI pushes loads it again in place. Pure: reading, validating, uploading, loading and following are
 * named actors the page provides (the tests give stand-ins); `showApp` puts the shown app in the URL. No text: the page
 * words the `problem` codes.
 */

export type StudioLang = 'ja' | 'en'
/** A finding of the validator (src/domain/miniapp/validate.ts), worded in the page's language. */
export type StudioFinding = Finding
/** An app as the server answers it, the findings in the page's language; `manifest` null: it cannot run. */
export interface StudioApp {
  appId: string
  manifest: MiniAppManifest | null
  findings: StudioFinding[]
  files: string[]
}
/** A folder as the page got it: picked with `<input webkitdirectory>` (its files) or dropped (the drop's entries). */
export type StudioFolder =
  | { kind: 'picked'; entries: ReadonlyArray<{ path: string; file: Blob }> }
  | { kind: 'dropped'; entries: ReadonlyArray<FileSystemEntry>; files: ReadonlyArray<File> }
/** The folder's files relative to the folder that holds app.json, with their count and size (the upload bounds). */
export interface ReadFolder {
  files: MiniAppFiles
  count: number
  bytes: number
}

/** Why the page shows an alert (worded by the page). */
export type StudioProblem = 'LOAD_FAILED' | 'EMPTY_FOLDER' | 'TOO_MANY_FILES' | 'TOO_LARGE' | 'READ_FAILED' | 'CHECK_FAILED' | 'HAS_ERRORS' | 'UPLOAD_FAILED'

export interface MiniappStudioInput {
  /** The URL's `?app=`, or null. */
  appId: string | null
  /** The edit token this tab may follow the app's changes with (`#watch=` of the CLI's link, kept in the tab). */
  watchToken: string | null
  lang: StudioLang
}

export interface MiniappStudioContext {
  appId: string | null
  watchToken: string | null
  lang: StudioLang
  /** The app loaded last (kept while it loads again). */
  app: StudioApp | null
  /** The chosen folder's files while they are checked and uploaded. */
  files: MiniAppFiles | null
  /** The chosen folder's own findings (the validator in the browser), until the upload is opened. */
  findings: StudioFinding[] | null
  problem: StudioProblem | null
  /** The server's result code of a refused upload (`RATE_LIMIT`, `MINIAPP_TOO_LARGE` …), null without one. */
  uploadError: string | null
}

export type MiniappStudioEvent =
  | { type: 'app.open'; appId: string | null; watchToken: string | null }
  | { type: 'app.example' }
  | { type: 'folder.chosen'; folder: StudioFolder }
  | { type: 'lang.changed'; lang: StudioLang }
  | { type: 'app.changed' }

/** A refused upload's result code (an HttpError's `code`), or null when the upload got no answer. */
export const uploadErrorOf = (error: unknown): string | null => {
  const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : null
}

const opened = { app: null, files: null, findings: null, problem: null, uploadError: null } as const
const chooseFolder = {
  target: '#miniappStudio.reading',
  actions: ['leaveApp' as const, 'showApp' as const],
  description: 'The developer picks a folder or drops one on the page: whatever was shown makes way',
}
const openExample = {
  target: '#miniappStudio.loading',
  actions: ['openExample' as const, 'showApp' as const],
  description: 'The developer presses "Run the example app"',
}
const loaded = (event: { output: StudioApp }) => ({ app: event.output })

export const miniappStudioMachine = setup({
  types: { context: {} as MiniappStudioContext, events: {} as MiniappStudioEvent, input: {} as MiniappStudioInput },
  actors: {
    /** GET /dev/v1/miniapp/apps/:appId with the findings in the page's language. */
    fetchApp: fromPromise<StudioApp, { appId: string; lang: StudioLang }>(async ({ input }) => ({
      appId: input.appId,
      manifest: null,
      findings: [],
      files: [],
    })),
    /** The chosen folder's files, relative to the folder that holds app.json (hidden files left out). */
    readFolder: fromPromise<ReadFolder, { folder: StudioFolder }>(async () => ({ files: new Map(), count: 0, bytes: 0 })),
    /** The validator (src/domain/miniapp/validate.ts) in the browser, in the page's language. */
    validateFolder: fromPromise<{ ok: boolean; findings: StudioFinding[] }, { files: MiniAppFiles; lang: StudioLang }>(async () => ({
      ok: true,
      findings: [],
    })),
    /** POST /dev/v1/miniapp/apps: the folder becomes an app with an id. */
    uploadApp: fromPromise<{ appId: string }, { files: MiniAppFiles }>(async () => ({ appId: '' })),
    /** The app's change events (GET …/events?token=, server-sent): `app.changed` on every upload the CLI pushes. */
    watchChanges: fromCallback<{ type: 'app.changed' }, { appId: string; token: string }>(() => () => {}),
  },
  actions: {
    /** Puts the shown app in the URL (`?app=<id>`, none while a folder is checked): the page navigates. */
    showApp: () => {},
    keepApp: assign({ app: (_, params: { app: StudioApp }) => params.app, problem: null }),
    leaveApp: assign({ appId: null, watchToken: null, ...opened }),
    openExample: assign({ appId: exampleAppId, watchToken: null, ...opened }),
  },
  guards: {
    hasAppId: ({ context }) => context.appId !== null,
    isAnotherApp: ({ context, event }) => event.type === 'app.open' && event.appId !== context.appId,
    opensAnApp: ({ event }) => event.type === 'app.open' && event.appId !== null,
    isRunnable: (_, params: { app: StudioApp }) => params.app.manifest !== null,
    showsExample: ({ context }) => context.appId === exampleAppId,
    isWatched: ({ context }) => context.watchToken !== null,
    hadRunnableApp: ({ context }) => !!context.app?.manifest,
    isEmptyFolder: (_, params: { read: ReadFolder }) => params.read.count === 0,
    hasTooManyFiles: (_, params: { read: ReadFolder }) => params.read.count > miniAppLimits.maxFiles,
    isTooLarge: (_, params: { read: ReadFolder }) => params.read.bytes > miniAppLimits.maxTotalBytes,
    hasNoErrors: (_, params: { ok: boolean }) => params.ok,
  },
}).createMachine({
  id: 'miniappStudio',
  description:
    'The mini-app studio page: open the example app, a folder (picked or dropped: read, checked, uploaded) or the app `npm run miniapp` serves; an app that can run runs in the phone, one that cannot shows its findings; an app the CLI serves loads again on every upload it pushes.',
  context: ({ input }) => ({ appId: input.appId, watchToken: input.watchToken, lang: input.lang, ...opened }),
  initial: 'starting',
  on: {
    'app.open': [
      {
        guard: and(['isAnotherApp', 'opensAnApp']),
        target: '.loading',
        actions: assign(({ event }) => ({ appId: event.appId, watchToken: event.watchToken, ...opened })),
        description: 'The address names another app (a link, the browser’s back or forward): it loads',
      },
      {
        guard: 'isAnotherApp',
        target: '.empty',
        actions: assign({ appId: null, watchToken: null, ...opened }),
        description: 'The address names no app any more (the browser’s back): the page is empty',
      },
    ],
    'lang.changed': { actions: assign({ lang: ({ event }) => event.lang }), description: 'The page’s language changes' },
  },
  states: {
    starting: decide('The page opens: with an app in its address, it loads; else the page waits for one.', [
      { guard: 'hasAppId', target: 'loading', description: 'The address names an app (`?app=`)' },
      { target: 'empty', description: 'The address names no app' },
    ]),
    empty: {
      description: 'No app yet: the buttons to run the example or load a folder, and the findings panel (nothing checked).',
      tags: ['screen.empty'],
      on: { 'app.example': openExample, 'folder.chosen': chooseFolder },
    },
    loading: {
      description: 'Loading the app by its id, with the findings in the page’s language.',
      tags: ['screen.empty', 'busy.loading'],
      invoke: {
        id: 'fetchApp',
        src: 'fetchApp',
        input: ({ context }) => ({ appId: context.appId ?? '', lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isRunnable', params: ({ event }) => loaded(event) },
            target: 'shown',
            actions: { type: 'keepApp', params: ({ event }) => loaded(event) },
            description: 'The server answers the app, and it can run: the phone runs it',
          },
          {
            target: 'shown.view.checked',
            actions: { type: 'keepApp', params: ({ event }) => loaded(event) },
            description: 'The server answers the app, and it cannot run: its findings show',
          },
        ],
        onError: { target: 'loadFailed', actions: assign({ problem: 'LOAD_FAILED' }), description: 'The app is unknown, or the server does not answer' },
      },
      on: {
        'app.example': { guard: not('showsExample'), ...openExample, reenter: true },
        'folder.chosen': chooseFolder,
        'lang.changed': {
          target: 'loading',
          reenter: true,
          actions: assign({ lang: ({ event }) => event.lang }),
          description: 'The page’s language changes: the app loads again in it',
        },
      },
    },
    loadFailed: {
      description: 'The app could not be loaded: the page says so; the example or a folder can be loaded.',
      tags: ['screen.empty', 'alert.loadFailed'],
      on: {
        'app.example': openExample,
        'folder.chosen': chooseFolder,
        'lang.changed': {
          target: 'loading',
          actions: [assign({ lang: ({ event }) => event.lang, problem: null })],
          description: 'The page’s language changes: the app is asked for again',
        },
      },
    },
    shown: {
      description: 'The app is loaded: it runs in the phone or shows why it cannot; an app the CLI serves is followed.',
      type: 'parallel',
      on: { 'app.example': { guard: not('showsExample'), ...openExample }, 'folder.chosen': chooseFolder },
      states: {
        view: {
          description: 'What the page shows of the app.',
          initial: 'running',
          states: {
            running: {
              description: 'The phone runs the app (a session of miniapp-session), the tester’s controls, findings and inspector beside it.',
              tags: ['screen.phone'],
              on: {
                'app.changed': { guard: 'isWatched', target: 'reloading', description: '`npm run miniapp` pushed a new upload: the app loads again' },
                'lang.changed': {
                  target: 'reloading',
                  actions: assign({ lang: ({ event }) => event.lang }),
                  description: 'The page’s language changes: the app loads again, its findings in that language',
                },
              },
            },
            checked: {
              description: 'The app cannot run (app.json has errors): the server’s findings show, no phone.',
              tags: ['screen.findings'],
              on: {
                'app.changed': { guard: 'isWatched', target: 'reloading', description: '`npm run miniapp` pushed a new upload (the fix): the app loads again' },
                'lang.changed': {
                  target: 'reloading',
                  actions: assign({ lang: ({ event }) => event.lang }),
                  description: 'The page’s language changes: the findings load again in it',
                },
              },
            },
            reloading: {
              description: 'Loading the app again; what was shown stays until the answer (the phone keeps its page).',
              tags: ['busy.reloading'],
              invoke: {
                id: 'refetchApp',
                src: 'fetchApp',
                input: ({ context }) => ({ appId: context.appId ?? '', lang: context.lang }),
                onDone: [
                  {
                    guard: { type: 'isRunnable', params: ({ event }) => loaded(event) },
                    target: 'running',
                    actions: { type: 'keepApp', params: ({ event }) => loaded(event) },
                    description: 'The new version can run: the phone runs it again on the page it showed',
                  },
                  {
                    target: 'checked',
                    actions: { type: 'keepApp', params: ({ event }) => loaded(event) },
                    description: 'The new version cannot run: its findings show (the app stays followed)',
                  },
                ],
                onError: [
                  {
                    guard: 'hadRunnableApp',
                    target: 'running',
                    actions: assign({ problem: 'LOAD_FAILED' }),
                    description: 'No answer: the phone keeps the version it had, and the page says the app could not be loaded',
                  },
                  { target: 'checked', actions: assign({ problem: 'LOAD_FAILED' }), description: 'No answer: the findings stay, and the page says so' },
                ],
              },
              on: {
                'app.changed': {
                  guard: 'isWatched',
                  target: 'reloading',
                  reenter: true,
                  description: 'Another upload arrives while loading: the app is asked for again (the newest version)',
                },
                'lang.changed': {
                  target: 'reloading',
                  reenter: true,
                  actions: assign({ lang: ({ event }) => event.lang }),
                  description: 'The page’s language changes while loading: the app is asked for again in it',
                },
              },
            },
          },
        },
        watch: {
          description: 'Whether the page follows the app’s uploads.',
          initial: 'deciding',
          states: {
            deciding: decide('Is the app served by `npm run miniapp` for this tab (its link carried the edit token)?', [
              { guard: 'isWatched', target: 'following', description: 'The tab holds the app’s edit token' },
              { target: 'off', description: 'The example or an uploaded folder: nothing to follow' },
            ]),
            off: { description: 'Nothing follows the app (the example, or a folder loaded in the page).' },
            following: {
              description: 'Following the folder `npm run miniapp` serves: every upload it pushes loads the app again.',
              tags: ['status.following'],
              invoke: { id: 'watchChanges', src: 'watchChanges', input: ({ context }) => ({ appId: context.appId ?? '', token: context.watchToken ?? '' }) },
            },
          },
        },
      },
    },
    reading: {
      description: 'Reading the chosen folder’s files in the browser.',
      tags: ['screen.empty', 'busy.folder'],
      invoke: {
        id: 'readFolder',
        src: 'readFolder',
        input: ({ event }) => ({ folder: event.type === 'folder.chosen' ? event.folder : { kind: 'picked' as const, entries: [] } }),
        onDone: [
          {
            guard: { type: 'isEmptyFolder', params: ({ event }) => ({ read: event.output }) },
            target: 'refused',
            actions: assign({ problem: 'EMPTY_FOLDER' }),
            description: 'The folder holds no app.json (or nothing)',
          },
          {
            guard: { type: 'hasTooManyFiles', params: ({ event }) => ({ read: event.output }) },
            target: 'refused',
            actions: assign({ problem: 'TOO_MANY_FILES' }),
            description: 'More than 200 files',
          },
          {
            guard: { type: 'isTooLarge', params: ({ event }) => ({ read: event.output }) },
            target: 'refused',
            actions: assign({ problem: 'TOO_LARGE' }),
            description: 'More than 5 MB',
          },
          { target: 'validating', actions: assign({ files: ({ event }) => event.output.files }), description: 'The files are read, within the bounds' },
        ],
        onError: { target: 'refused', actions: assign({ problem: 'READ_FAILED' }), description: 'The browser cannot read the folder' },
      },
    },
    validating: {
      description: 'The validator checks the folder in the browser, in the page’s language.',
      tags: ['screen.empty', 'busy.folder'],
      invoke: {
        id: 'validateFolder',
        src: 'validateFolder',
        input: ({ context }) => ({ files: context.files ?? new Map(), lang: context.lang }),
        onDone: [
          {
            guard: { type: 'hasNoErrors', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'uploading',
            actions: assign({ findings: ({ event }) => event.output.findings }),
            description: 'No error (warnings may be listed): the folder is uploaded',
          },
          {
            target: 'invalid',
            actions: assign({ findings: ({ event }) => event.output.findings, files: null, problem: 'HAS_ERRORS' }),
            description: 'The folder has errors: nothing is uploaded',
          },
        ],
        onError: { target: 'refused', actions: assign({ files: null, problem: 'CHECK_FAILED' }), description: 'The validator fails on the folder' },
      },
    },
    refused: {
      description: 'The folder cannot be loaded (empty, too many files, too large, unreadable): the page says why.',
      tags: ['screen.empty', 'alert.folder'],
      on: { 'app.example': openExample, 'folder.chosen': chooseFolder },
    },
    invalid: {
      description: 'The folder has errors: every finding shows with its path and fix; nothing runs until it is fixed and loaded again.',
      tags: ['screen.folderFindings', 'alert.folder'],
      on: { 'app.example': openExample, 'folder.chosen': chooseFolder },
    },
    uploading: {
      description: 'Uploading the checked folder (its findings show, warnings only).',
      tags: ['screen.folderFindings', 'busy.folder'],
      invoke: {
        id: 'uploadApp',
        src: 'uploadApp',
        input: ({ context }) => ({ files: context.files ?? new Map() }),
        onDone: {
          target: 'loading',
          actions: [assign({ appId: ({ event }) => event.output.appId, watchToken: null, ...opened }), 'showApp'],
          description: 'The server keeps the folder as an app: it opens by its new id',
        },
        onError: {
          target: 'uploadFailed',
          actions: assign({ files: null, problem: 'UPLOAD_FAILED', uploadError: ({ event }) => uploadErrorOf(event.error) }),
          description: 'The server refuses the upload (too large, too many uploads) or does not answer',
        },
      },
    },
    uploadFailed: {
      description: 'The upload failed: the page says so, with the server’s code; the folder can be loaded again.',
      tags: ['screen.folderFindings', 'alert.folder'],
      on: { 'app.example': openExample, 'folder.chosen': chooseFolder },
    },
  },
})
