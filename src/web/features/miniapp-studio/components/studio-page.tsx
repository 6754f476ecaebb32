import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { MiniAppFiles, MiniAppPermission } from '@/domain/miniapp/types.ts'
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
  type StudioApp,
  type StudioFinding,
} from '../api.ts'
import { createBridgeHost, type BridgeLogEntry, type StudioControls } from '../bridge/host.ts'
import { createPhoneStore, pagePath } from '../phone-store.ts'
import { TesterControls } from './controls.tsx'
import { Findings, Inspector } from './panels.tsx'
import { Phone } from './phone.tsx'
import '../studio.css'

/**
 * The mini-app studio (issue 21): load an app (the example, a folder picked or dropped, or `?app=<id>` printed by
 * `npm run miniapp`), see the validator's findings, and run it in the phone against the sandbox with the tester's
 * controls and the inspector beside it. The bridge host (bridge/host.ts) answers the app's pp calls.
 */

const readConsents = (appId: string, userId: string): MiniAppPermission[] | undefined => {
  try {
    const raw = localStorage.getItem(storageKeys.miniappConsent(appId, userId))
    const parsed: unknown = raw ? JSON.parse(raw) : undefined
    return Array.isArray(parsed) ? parsed.filter((p): p is MiniAppPermission => typeof p === 'string') : undefined
  } catch {
    return undefined
  }
}
const writeConsents = (appId: string, userId: string, granted: MiniAppPermission[] | undefined) => {
  try {
    if (granted) localStorage.setItem(storageKeys.miniappConsent(appId, userId), JSON.stringify(granted))
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
  const [granted, setGranted] = useState<MiniAppPermission[] | undefined>(undefined)
  useEffect(() => setGranted(readConsents(app.appId, userId)), [app.appId, userId])

  const manifestRef = useRef(manifest)
  manifestRef.current = manifest
  const hostRef = useRef<ReturnType<typeof createBridgeHost> | null>(null)
  const store = useMemo(
    () =>
      createPhoneStore({
        manifest: () => manifestRef.current,
        onLeave: () => hostRef.current?.emit('pageWillDisappear'),
        // a web view closed over the page, which stayed loaded: it appears again
        onReturn: () => hostRef.current?.emit('pageWillAppear', { page: pagePath(store.get().stack.at(-1) ?? '') }),
        // the user's own back and tab presses: the host keeps its page stack in step with the phone's
        onUserNavigate: (o) => hostRef.current?.userNavigate(o),
      }),
    [],
  )

  const onLog = useCallback(
    (entry: BridgeLogEntry) => {
      setLog((list) => [...list, entry].slice(-500))
      if (entry.direction !== 'answer' || !entry.error) return
      if (entry.name === 'makePayment') store.abortPayment()
      // a forced code is used once: the host has answered with it
      const forced = latest.current.controls.forced[entry.name]
      if (forced && forced === entry.error.errorCode)
        setControls((c) => ({ ...c, forced: Object.fromEntries(Object.entries(c.forced).filter(([name]) => name !== entry.name)) }))
    },
    [store],
  )

  useEffect(() => {
    const host = createBridgeHost({
      frame: () => frameRef.current,
      app: { appId: app.appId, manifest },
      controls: () => latest.current.controls,
      ui: store.ui,
      onLog,
      consents: {
        get: () => readConsents(app.appId, latest.current.userId),
        set: (p) => {
          writeConsents(app.appId, latest.current.userId, p)
          setGranted(p)
        },
      },
    })
    hostRef.current = host
    return () => {
      host.dispose()
      if (hostRef.current === host) hostRef.current = null
    }
  }, [app.appId, manifest, store, onLog])

  // a folder served by `npm run miniapp`: every change reloads the phone
  useEffect(() => {
    store.reload(manifest)
  }, [manifest, store])
  useEffect(
    () =>
      app.appId === exampleAppId
        ? undefined
        : watchApp(app.appId, () => {
            onReload()
            store.reload(manifestRef.current)
          }),
    [app.appId, onReload, store],
  )

  const setConsent = (next: MiniAppPermission[] | undefined) => {
    writeConsents(app.appId, userId, next)
    setGranted(next)
  }

  return (
    <div className="studio__grid">
      <div className="studio__phone">
        <Phone
          appId={app.appId}
          manifest={manifest}
          store={store}
          frameRef={frameRef}
          onPageLoad={() => hostRef.current?.emit('pageWillAppear', { page: pagePath(store.get().stack.at(-1) ?? '') })}
          onEvent={(event) => hostRef.current?.emit(event)}
          granted={granted}
          onRevoke={(p) => setConsent((granted ?? []).filter((g) => g !== p))}
          onClearAuthorisation={() => setConsent(undefined)}
          hasNewNotification={controls.hasNewNotification}
        />
      </div>
      <div className="studio__side">
        <TesterControls
          controls={{ ...controls, userId }}
          onChange={setControls}
          users={users}
          usersFailed={usersFailed}
          onResetConsent={() => {
            setConsent(undefined)
            store.reopen()
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
