import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import { fromCallback, fromPromise, type SnapshotFrom } from 'xstate'
import { validateMiniApp } from '@/domain/miniapp/validate.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { miniappStudioMachine, type StudioFolder, type StudioLang } from '@machines/miniapp-studio.machine.ts'
import { adoptWatchToken, droppedEntries, exampleAppId, fetchApp, filesOf, uploadApp, watchApp } from './api.ts'

/**
 * Binds the studio page's machine (machines/miniapp-studio.machine.ts) to the mini-app module and the browser: the
 * app is read from the server in the page's language, a folder's files from the picker or the drop, the validator
 * runs here, the upload and the change stream of an app `npm run miniapp` serves are the module's; `showApp` puts the
 * shown app in the address. The address's app and the page's language go to the machine as events.
 */

type StudioSnapshot = SnapshotFrom<typeof miniappStudioMachine>

/** The edit token an app is followed with (never for the example). */
const watchTokenOf = (appId: string | null) => (appId && appId !== exampleAppId ? adoptWatchToken(appId) : null)

async function readFolder(folder: StudioFolder) {
  const entries = folder.kind === 'picked' ? folder.entries : await droppedEntries(folder)
  const files = await filesOf(entries)
  return { files, count: files.size, bytes: [...files.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0) }
}

export function useStudio({ appId, lang, onShowApp }: { appId: string | undefined; lang: StudioLang; onShowApp: (appId: string | null) => void }) {
  // made once: the route gives a stable navigation
  const machine = useMemo(
    () =>
      miniappStudioMachine.provide({
        actors: {
          fetchApp: fromPromise(({ input, signal }) => fetchApp(input.appId, input.lang, signal)),
          readFolder: fromPromise(({ input }) => readFolder(input.folder)),
          validateFolder: fromPromise(async ({ input }) => {
            const report = await validateMiniApp(input.files, input.lang)
            return { ok: report.ok, findings: report.findings }
          }),
          uploadApp: fromPromise(async ({ input }) => ({ appId: (await uploadApp(input.files)).appId })),
          watchChanges: fromCallback(({ input, sendBack }) => watchApp(input.appId, input.token, () => sendBack({ type: 'app.changed' }))),
        },
        actions: { showApp: ({ context }) => onShowApp(context.appId) },
      }),
    [onShowApp],
  )
  // the edit token of the CLI's link is taken into the tab once, when the page opens on it
  const [input] = useState(() => ({ appId: appId ?? null, watchToken: watchTokenOf(appId ?? null), lang }))
  const actor = useActorRef(machine, { input, inspect: inspectOption() })

  // the address names another app (back, forward, a link): the machine opens it unless it shows it already
  useEffect(() => actor.send({ type: 'app.open', appId: appId ?? null, watchToken: watchTokenOf(appId ?? null) }), [actor, appId])
  useEffect(() => {
    if (actor.getSnapshot().context.lang !== lang) actor.send({ type: 'lang.changed', lang })
  }, [actor, lang])
  return actor
}

export type StudioActor = ReturnType<typeof useStudio>

/** What the page shows, read from the machine. */
export const studioSelectors = {
  app: (s: StudioSnapshot) => s.context.app,
  appId: (s: StudioSnapshot) => s.context.appId,
  problem: (s: StudioSnapshot) => s.context.problem,
  uploadError: (s: StudioSnapshot) => s.context.uploadError,
  /** The phone runs the app; while it loads again the phone keeps the version it had. */
  runs: (s: StudioSnapshot) => s.hasTag('screen.phone') || (s.hasTag('busy.reloading') && !!s.context.app?.manifest),
  /** A folder is read, checked or uploaded: the loader's controls wait. */
  busy: (s: StudioSnapshot) => s.hasTag('busy.folder'),
  uploading: (s: StudioSnapshot) => s.matches('uploading'),
  /** The findings the page lists: the chosen folder's own, else the shown app's; null: nothing checked yet. */
  findings: (s: StudioSnapshot) => (s.hasTag('screen.folderFindings') ? s.context.findings : (s.context.app?.findings ?? null)),
}

export const useStudioSelector = <T>(actor: StudioActor, selector: (s: StudioSnapshot) => T) => useSelector(actor, selector)
