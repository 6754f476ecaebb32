import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { storageKeys } from '@/domain/storage-keys.ts'
import { useSession } from '@/web/lib/session.tsx'
import { Button } from '@/web/ui/button.tsx'
import { useHydrated } from '@/web/ui/use-hydrated.ts'
import { droppedFolder, exampleAppId, fetchTestUsers, pickedEntries, uploadLimits, type StudioApp, type StudioFinding } from '../api.ts'
import type { MiniappConsentRecord } from '@machines/miniapp-session.machine.ts'
import type { StudioFolder } from '@machines/miniapp-studio.machine.ts'
import { createBridgeHost, type BridgeHost, type BridgeLogEntry, type StudioControls } from '../bridge/host.ts'
import { parseConsentRecord } from '../bridge/support.ts'
import { pagePath } from '../pages.ts'
import { studioSelectors, useStudio, useStudioSelector } from '../use-studio.ts'
import { TesterControls } from './controls.tsx'
import { Findings, Inspector } from './panels.tsx'
import { Phone } from './phone.tsx'
import '../studio.css'

/**
 * The mini-app studio (issue 21): load an app (the example, a folder picked or dropped, or `?app=<id>` printed by
 * `npm run miniapp`), see the validator's findings, and run it in the phone against the sandbox with the tester's
 * controls and the inspector beside it. Which app is shown and how it got there is the page's machine
 * (machines/miniapp-studio.machine.ts, bound in use-studio.ts); the bridge host (bridge/host.ts) answers the app's pp
 * calls, and the session of one run is machines/miniapp-session.machine.ts.
 */

const readConsent = (appId: string, userId: string): MiniappConsentRecord | null => {
  try {
    return parseConsentRecord(localStorage.getItem(storageKeys.miniappConsent(appId, userId)))
  } catch {
    return null
  }
}
const writeConsent = (appId: string, userId: string, record: MiniappConsentRecord | null) => {
  try {
    if (record) localStorage.setItem(storageKeys.miniappConsent(appId, userId), JSON.stringify(record))
    else localStorage.removeItem(storageKeys.miniappConsent(appId, userId))
  } catch {
    // storage unavailable: consent lasts for this page
  }
}

export function StudioPage({ appId: addressAppId, onShowApp }: { appId: string | undefined; onShowApp: (appId: string | null) => void }) {
  const { t, i18n } = useLingui()
  const { isSignedIn } = useSession()
  const lang = i18n.locale === 'en' ? 'en' : 'ja'
  const studio = useStudio({ appId: addressAppId, lang, onShowApp })
  const app = useStudioSelector(studio, studioSelectors.app)
  const appId = useStudioSelector(studio, studioSelectors.appId)
  const problem = useStudioSelector(studio, studioSelectors.problem)
  const uploadError = useStudioSelector(studio, studioSelectors.uploadError)
  const runs = useStudioSelector(studio, studioSelectors.runs)
  const findings = useStudioSelector(studio, studioSelectors.findings)
  const busy = useStudioSelector(studio, studioSelectors.busy)
  const uploading = useStudioSelector(studio, studioSelectors.uploading)
  const users = useQuery({ queryKey: ['miniapp-studio', 'users', isSignedIn], queryFn: ({ signal }) => fetchTestUsers(signal), retry: false })

  const folderProblem = {
    EMPTY_FOLDER: t`The folder holds no app.json.`,
    TOO_MANY_FILES: t`A mini app can hold at most ${uploadLimits.maxFiles} files.`,
    TOO_LARGE: t`A mini app can hold at most 5 MB.`,
    READ_FAILED: t`The folder could not be read. Please try again.`,
    CHECK_FAILED: t`The app could not be checked. Please try again.`,
    HAS_ERRORS: t`The app has errors: fix them and load it again.`,
    UPLOAD_FAILED: uploadError ? t`The app could not be uploaded (${uploadError}). Please try again.` : t`The app could not be uploaded. Please try again.`,
    LOAD_FAILED: null,
  }
  return (
    <div className="studio" data-testid="miniapp-studio">
      <AppLoader
        appId={appId}
        busy={busy}
        uploading={uploading}
        error={problem && folderProblem[problem]}
        onExample={() => studio.send({ type: 'app.example' })}
        onFolder={(folder) => studio.send({ type: 'folder.chosen', folder })}
      />
      <p className="studio__merchant">
        {isSignedIn ? (
          <Trans>Payments go to your own sandbox merchant; they appear in your transactions and fire your webhook.</Trans>
        ) : (
          <Trans>You are not signed in: payments go to the demo merchant. Sign in to pay your own sandbox merchant.</Trans>
        )}
      </p>
      {problem === 'LOAD_FAILED' && (
        <p className="studio__error" role="alert">
          <Trans>The app {appId} could not be loaded. Load the example or a folder.</Trans>
        </p>
      )}
      {runs && app?.manifest ? (
        <StudioRun key={app.appId} app={app} findings={findings ?? []} users={users.data} usersFailed={users.isError} />
      ) : (
        <div className="studio__grid">
          <Findings findings={findings ?? []} checked={findings !== null} />
        </div>
      )}
    </div>
  )
}

function AppLoader({
  appId,
  busy,
  uploading,
  error,
  onExample,
  onFolder,
}: {
  appId: string | null
  busy: boolean
  uploading: boolean
  error: string | null
  onExample: () => void
  onFolder: (folder: StudioFolder) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const [over, setOver] = useState(false)
  // the server renders these buttons; a click before the page runs would be lost, so they wait for hydration
  const ready = useHydrated() && !busy
  return (
    <section className="studio-panel studio-loader" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="studio-panel__title">
        <Trans>Load a mini app</Trans>
      </h2>
      <div className="studio-loader__row">
        <Button variant={appId === exampleAppId ? 'secondary' : 'primary'} onClick={onExample} disabled={!ready}>
          <Trans>Run the example app</Trans>
        </Button>
        <label className="ui-button ui-button--secondary ui-button--medium studio-loader__pick">
          <Trans>Pick a folder</Trans>
          <input
            type="file"
            // @ts-expect-error webkitdirectory is not in React's input attributes
            webkitdirectory=""
            multiple
            className="studio-loader__input"
            aria-label={t`Pick a mini-app folder`}
            disabled={!ready}
            onChange={(e) => {
              if (e.target.files) onFolder({ kind: 'picked', entries: pickedEntries(e.target.files) })
              e.target.value = ''
            }}
          />
        </label>
      </div>
      <div
        className={`studio-loader__drop${over ? ' studio-loader__drop--over' : ''}`}
        data-testid="studio-drop"
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault()
          setOver(false)
          // the machine ignores a drop while a folder is checked, as the buttons are disabled then
          onFolder(droppedFolder(e.dataTransfer))
        }}
      >
        <Trans>…or drop the folder that holds app.json here.</Trans>
      </div>
      <p className="studio-loader__cli">
        <Trans>
          From a terminal: <code>npm run miniapp -- &lt;folder&gt;</code> serves a folder to this PayLab, prints the studio's link for it and reloads the phone
          when a file changes.
        </Trans>
      </p>
      {busy && <p role="status">{uploading ? <Trans>Uploading…</Trans> : <Trans>Checking the folder…</Trans>}</p>}
      {error && (
        <p className="studio__error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}

function StudioRun({
  app,
  findings,
  users,
  usersFailed,
}: {
  app: StudioApp
  findings: StudioFinding[]
  users: Awaited<ReturnType<typeof fetchTestUsers>> | undefined
  usersFailed: boolean
}) {
  const { i18n } = useLingui()
  const manifest = app.manifest!
  const frameRef = useRef<HTMLIFrameElement | null>(null)
  const [log, setLog] = useState<BridgeLogEntry[]>([])
  const [controls, setControls] = useState<StudioControls>({
    userId: '',
    appVersion: '2.42.0',
    lang: i18n.locale === 'en' ? 'en' : 'ja',
    nextPaymentOutcome: 'success',
    forced: {},
    network: 'online',
    installedApps: [],
    hasNewNotification: false,
  })
  const userId = controls.userId || users?.[0]?.userId || ''
  const latest = useRef({ controls, userId })
  latest.current = { controls: { ...controls, userId }, userId }
  const [host, setHost] = useState<BridgeHost | null>(null)
  const lastStack = useRef<string[] | undefined>(undefined)

  const onLog = useCallback((entry: BridgeLogEntry) => setLog((list) => [...list, entry].slice(-500)), [])
  // a forced code is used once: the bridge has answered with it
  const onForcedUsed = useCallback(
    (name: string) => setControls((c) => ({ ...c, forced: Object.fromEntries(Object.entries(c.forced).filter(([key]) => key !== name)) })),
    [],
  )

  // one bridge per app; a new manifest (a file changed on disk) starts it again on the page shown
  useEffect(() => {
    const created = createBridgeHost({
      frame: () => frameRef.current,
      app: { appId: app.appId, manifest },
      controls: () => latest.current.controls,
      onLog,
      onForcedUsed,
      consent: {
        read: () => readConsent(app.appId, latest.current.userId),
        write: (record) => writeConsent(app.appId, latest.current.userId, record),
      },
    })
    const keep = lastStack.current?.filter((p) => manifest.pages.includes(pagePath(p)))
    if (keep?.length) created.restart(keep)
    setHost(created)
    return () => {
      lastStack.current = created.session().getSnapshot().context.stack
      created.dispose()
    }
  }, [app.appId, manifest, onLog, onForcedUsed])

  // another test user picked: the app runs again for them (their own answers)
  const shownUser = useRef(userId)
  useEffect(() => {
    if (shownUser.current && shownUser.current !== userId) host?.restart()
    shownUser.current = userId
  }, [host, userId])

  // the network condition and the wallet version are the session's
  useEffect(
    () => host?.session().send({ type: 'controls.set', appVersion: controls.appVersion, network: controls.network }),
    [host, controls.appVersion, controls.network],
  )

  return (
    <div className="studio__grid">
      <div className="studio__phone">
        {host && <HostPhone host={host} appId={app.appId} manifest={manifest} frameRef={frameRef} hasNewNotification={controls.hasNewNotification} />}
      </div>
      <div className="studio__side">
        <TesterControls
          controls={{ ...controls, userId }}
          onChange={setControls}
          users={users}
          usersFailed={usersFailed}
          onResetConsent={() => {
            // a new session: the gate is armed again and consent is asked at the next pp.init
            writeConsent(app.appId, userId, null)
            host?.restart()
          }}
        />
        <Findings findings={findings} checked />
      </div>
      <div className="studio__inspector">
        <Inspector appId={app.appId} entries={log} onClear={() => setLog([])} />
      </div>
    </div>
  )
}

/** The phone of the session running now (a new one after each restart). */
function HostPhone({ host, ...props }: { host: BridgeHost } & Pick<Parameters<typeof Phone>[0], 'appId' | 'manifest' | 'frameRef' | 'hasNewNotification'>) {
  const session = useSyncExternalStore(host.subscribe, host.session, host.session)
  return (
    <Phone
      {...props}
      session={session}
      onPageLoad={() => host.emit('pageWillAppear', { page: host.currentPage() })}
      onEvent={(event) => host.emit(event)}
      onReopen={() => host.restart()}
    />
  )
}
