import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import type { MiniAppFiles } from '@/domain/miniapp/types.ts'
import { validateMiniApp } from '@/domain/miniapp/validate.ts'
import { storageKeys } from '@/domain/storage-keys.ts'
import { useSession } from '@/web/lib/session.tsx'
import { Button } from '@/web/ui/button.tsx'
import { useHydrated } from '@/web/ui/use-hydrated.ts'
import {
  droppedEntries,
  exampleAppId,
  fetchApp,
  fetchTestUsers,
  filesOf,
  pickedEntries,
  uploadApp,
  uploadLimits,
  watchApp,
  adoptWatchToken,
  type StudioApp,
  type StudioFinding,
} from '../api.ts'
import type { MiniappConsentRecord } from '@machines/miniapp-session.machine.ts'
import { createBridgeHost, type BridgeHost, type BridgeLogEntry, type StudioControls } from '../bridge/host.ts'
import { parseConsentRecord } from '../bridge/support.ts'
import { pagePath } from '../pages.ts'
import { TesterControls } from './controls.tsx'
import { Findings, Inspector } from './panels.tsx'
import { Phone } from './phone.tsx'
import '../studio.css'

/**
 * The mini-app studio (issue 21): load an app (the example, a folder picked or dropped, or `?app=<id>` printed by
 * `npm run miniapp`), see the validator's findings, and run it in the phone against the sandbox with the tester's
 * controls and the inspector beside it. The bridge host (bridge/host.ts) answers the app's pp calls.
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

export function StudioPage({ appId, onLoadApp }: { appId: string | undefined; onLoadApp: (appId: string) => void }) {
  const { t, i18n } = useLingui()
  const { isSignedIn } = useSession()
  const lang = i18n.locale === 'en' ? 'en' : 'ja'
  const [localFindings, setLocalFindings] = useState<StudioFinding[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)

  const app = useQuery({
    queryKey: ['miniapp-studio', 'app', appId, lang],
    queryFn: ({ signal }) => fetchApp(appId!, lang, signal),
    enabled: !!appId,
    retry: false,
    placeholderData: (previous) => previous,
  })
  const users = useQuery({ queryKey: ['miniapp-studio', 'users', isSignedIn], queryFn: ({ signal }) => fetchTestUsers(signal), retry: false })

  const loadFiles = async (files: MiniAppFiles) => {
    setLoadError(null)
    if (!files.size) return setLoadError(t`The folder holds no app.json.`)
    if (files.size > uploadLimits.maxFiles) return setLoadError(t`A mini app can hold at most ${uploadLimits.maxFiles} files.`)
    if ([...files.values()].reduce((sum, f) => sum + f.byteLength, 0) > uploadLimits.maxBytes) return setLoadError(t`A mini app can hold at most 5 MB.`)
    const report = await validateMiniApp(files, lang)
    setLocalFindings(report.findings)
    if (!report.ok) return setLoadError(t`The app has errors: fix them and load it again.`)
    setUploading(true)
    try {
      const uploaded = await uploadApp(files)
      setLocalFindings(null)
      onLoadApp(uploaded.appId)
    } catch {
      setLoadError(t`The app could not be uploaded. Please try again.`)
    } finally {
      setUploading(false)
    }
  }

  const findings = localFindings ?? app.data?.findings ?? []
  return (
    <div className="studio" data-testid="miniapp-studio">
      <AppLoader appId={appId} busy={uploading} error={loadError} onExample={() => onLoadApp(exampleAppId)} onFiles={(files) => void loadFiles(files)} />
      <p className="studio__merchant">
        {isSignedIn ? (
          <Trans>Payments go to your own sandbox merchant; they appear in your transactions and fire your webhook.</Trans>
        ) : (
          <Trans>You are not signed in: payments go to the demo merchant. Sign in to pay your own sandbox merchant.</Trans>
        )}
      </p>
      {appId && app.isError && (
        <p className="studio__error" role="alert">
          <Trans>The app {appId} could not be loaded. Load the example or a folder.</Trans>
        </p>
      )}
      {appId && app.data?.manifest ? (
        <StudioRun key={app.data.appId} app={app.data} findings={findings} onReload={() => void app.refetch()} users={users.data} usersFailed={users.isError} />
      ) : (
        <div className="studio__grid">
          <Findings findings={findings} checked={localFindings !== null || !!app.data} />
        </div>
      )}
    </div>
  )
}

function AppLoader({
  appId,
  busy,
  error,
  onExample,
  onFiles,
}: {
  appId: string | undefined
  busy: boolean
  error: string | null
  onExample: () => void
  onFiles: (files: MiniAppFiles) => void
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
              if (e.target.files) void filesOf(pickedEntries(e.target.files)).then(onFiles)
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
          void droppedEntries(e.dataTransfer).then(filesOf).then(onFiles)
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
      {busy && (
        <p role="status">
          <Trans>Uploading…</Trans>
        </p>
      )}
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
  onReload,
  users,
  usersFailed,
}: {
  app: StudioApp
  findings: StudioFinding[]
  onReload: () => void
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

  // a folder served by `npm run miniapp`: every change loads the app again
  // an app pushed by `npm run miniapp` is followed with the edit token its URL carried (api.ts adoptWatchToken)
  useEffect(() => {
    const token = app.appId === exampleAppId ? null : adoptWatchToken(app.appId)
    return token ? watchApp(app.appId, token, onReload) : undefined
  }, [app.appId, onReload])

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
