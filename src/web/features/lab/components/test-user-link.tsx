import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { LabLinkAlert } from '@/domain/lab-link.ts'
import { frameLocation } from '@/web/lib/frame-location.ts'
import { inspectOption } from '@/web/lib/inspect.ts'
import { Button } from '@/web/ui/button.tsx'
import { Modal } from '@/web/ui/modal.tsx'
import { labLinkMachine, type LabLinkEvent, type TestUserPick } from '@machines/lab-link.machine.ts'
import type { DemoCredentials } from '../demo-call.ts'
import { forgetLabLink, labLinkActors, rememberLabLink, savedLabLink, type LabLinkEnv } from '../link-api.ts'

/** The merchant's test users for the picker: the list, or why there is none yet. */
export type TestUserList = readonly TestUserPick[] | 'loading' | 'error'

interface LabLinkValue {
  snapshot: SnapshotFrom<typeof labLinkMachine>
  send: (event: LabLinkEvent) => void
  testUsers: TestUserList
}

const LabLinkContext = createContext<LabLinkValue | null>(null)

/** The linked test user of this merchant and mode, shared by every tab of the lab (null outside a signed-in lab). */
export const useLabLink = () => useContext(LabLinkContext)

/** Runs the link machine for one merchant and mode (key it by both): remembered in local storage across reloads. */
export function LabLinkScope({
  credentials,
  mode,
  testUsers,
  children,
}: {
  credentials: DemoCredentials
  mode: string
  testUsers: TestUserList
  children: ReactNode
}) {
  const { i18n } = useLingui()
  const env = useRef<LabLinkEnv>({ credentials, lang: 'ja', testUsers: [] })
  env.current = { credentials, lang: i18n.locale === 'en' ? 'en' : 'ja', testUsers: Array.isArray(testUsers) ? testUsers : [] }
  const machine = useMemo(
    () =>
      labLinkMachine.provide({
        actors: labLinkActors(() => env.current),
        actions: {
          remember: (_, params) => rememberLabLink(credentials.merchantId, mode, params.link),
          forget: () => forgetLabLink(credentials.merchantId, mode),
        },
      }),
    [credentials.merchantId, mode],
  )
  const [snapshot, send] = useMachine(machine, {
    input: { link: typeof window === 'undefined' ? null : savedLabLink(credentials.merchantId, mode) },
    inspect: inspectOption(),
  })
  return <LabLinkContext.Provider value={{ snapshot, send, testUsers }}>{children}</LabLinkContext.Provider>
}

/** "Link a test user" in the test panel of a tab whose calls name a payer. */
export function TestUserLink() {
  const { t } = useLingui()
  const value = useLabLink()
  const [picked, setPicked] = useState('')
  const frame = useRef<HTMLIFrameElement>(null)
  if (!value) return null
  const { snapshot, send, testUsers } = value
  const { link, alert, code, consentUrl, pick } = snapshot.context
  const busy = snapshot.hasTag('busy')
  const users = Array.isArray(testUsers) ? testUsers : []
  const chosen = users.find((u) => u.testUserId === picked) ?? users[0]
  const unlinking = snapshot.matches('unlinking')
  const pickedName = pick?.username ?? ''

  const onFrameLoad = () => {
    const location = frameLocation(frame.current)
    if (location) send({ type: 'frame.navigated', location })
  }

  return (
    <section className="lab-link" aria-labelledby="lab-link-title" data-linked={link ? 'true' : 'false'}>
      <h4 id="lab-link-title">
        <Trans>Linked test user</Trans>
      </h4>
      {link ? (
        <dl className="lab-link__who">
          <div>
            <dt>{t`Test user`}</dt>
            <dd data-part="username">{link.username ?? '—'}</dd>
          </div>
          <div>
            <dt>{t`Phone number`}</dt>
            <dd data-part="phone">{link.phoneNumber || '—'}</dd>
          </div>
          <div>
            <dt>{t`User authorization id`}</dt>
            <dd>
              <code data-part="authorization">{link.userAuthorizationId}</code>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="lab-note">
          <Trans>No test user is linked. Link one of your test users through the wallet's consent page, and the panel sends their user authorization id.</Trans>
        </p>
      )}
      <div className="lab-link__actions">
        {testUsers === 'loading' ? (
          <p className="lab-note">
            <Trans>Loading your test users…</Trans>
          </p>
        ) : users.length === 0 ? (
          <p className="lab-note" role="alert">
            <Trans>Your test users could not be loaded, so none can be linked now. Reload the page to try again.</Trans>
          </p>
        ) : (
          <>
            <div className="ui-field lab-link__pick">
              <label className="ui-field__label" htmlFor="lab-link-user">
                <Trans>Test user to link</Trans>
              </label>
              <select
                id="lab-link-user"
                className="ui-field__input"
                value={chosen?.testUserId ?? ''}
                disabled={busy}
                onChange={(e) => setPicked(e.target.value)}
              >
                {users.map((u) => (
                  <option key={u.testUserId} value={u.testUserId}>
                    {u.username}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant={link ? 'secondary' : 'primary'}
              disabled={busy}
              aria-busy={snapshot.matches('opening')}
              onClick={() => chosen && send({ type: 'link.start', ...chosen })}
            >
              {snapshot.matches('opening') ? t`Opening the wallet…` : link ? t`Link another test user` : t`Link a test user`}
            </Button>
          </>
        )}
        {link && (
          <Button variant="ghost" disabled={busy} aria-busy={unlinking} onClick={() => send({ type: 'unlink' })}>
            {unlinking ? t`Unlinking…` : t`Unlink`}
          </Button>
        )}
      </div>
      {alert && (
        <div className="lab-failure lab-link__alert" role="alert">
          <p>
            <LinkAlertText alert={alert} code={code} />
          </p>
          <Button variant="ghost" size="small" onClick={() => send({ type: 'alert.close' })}>
            <Trans>Close the message</Trans>
          </Button>
        </div>
      )}
      <Modal
        open={snapshot.hasTag('frame')}
        onClose={() => send({ type: 'link.cancel' })}
        title={t`Wallet consent page`}
        closeLabel={t`Close the consent page`}
        size="medium"
      >
        <p className="lab-note">
          {snapshot.matches('reading') ? (
            <Trans>Reading the wallet's answer…</Trans>
          ) : (
            <Trans>Signed in as {pickedName}: press "Agree and continue" to link this test user to your sandbox merchant, or Cancel.</Trans>
          )}
        </p>
        {consentUrl && <iframe ref={frame} src={consentUrl} title={t`Wallet consent page`} className="lab-link__frame" onLoad={onFrameLoad} />}
      </Modal>
    </section>
  )
}

function LinkAlertText({ alert, code }: { alert: LabLinkAlert; code: string | null }) {
  const { t } = useLingui()
  const origin = typeof window === 'undefined' ? '' : window.location.hostname
  const answer = code ?? t`no answer`
  switch (alert) {
    case 'SESSION_FAILED':
      return <Trans>The sandbox did not open a consent page ({answer}). Try again.</Trans>
    case 'REDIRECT_NOT_ALLOWED':
      return (
        <Trans>
          The sandbox refused to return to this portal (EXPECTATION_FAILED): add {origin} to your allowed redirect domains under Settings → Configuration, or
          clear the list, then try again.
        </Trans>
      )
    case 'NETWORK':
      return <Trans>No answer from the sandbox. Check your connection and try again.</Trans>
    case 'CONSENT_DECLINED':
      return <Trans>The test user cancelled on the consent page, so nothing was linked.</Trans>
    case 'TOKEN_MISSING':
      return <Trans>The wallet came back without a response token. Nothing was linked; try again.</Trans>
    case 'TOKEN_INVALID':
      return <Trans>The wallet's response token is not valid for your key (expired, or of another attempt). Nothing was linked; try again.</Trans>
    case 'UNLINK_FAILED':
      return <Trans>The sandbox did not revoke the link ({answer}), so it is kept. Try again.</Trans>
  }
}
