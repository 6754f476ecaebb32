import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useMemo, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { inspectOption } from '@/web/lib/inspect.ts'
import { useSession } from '@/web/lib/session.tsx'
import { sandboxStateMachine, type SandboxStateAction } from '@machines/sandbox-state.machine.ts'
import { SandboxPanel } from './sandbox-panel.tsx'
import { runSandboxStateAction, snapshotsQuery } from '../state-api.ts'
import { sandboxKeys } from '../api.ts'
import { formatJst } from '@/domain/time-format.ts'
import { seedIssueText } from '../seed-issue-text.ts'
import { langOf } from '@/web/lib/error-text.ts'

/**
 * Reset, snapshots and seed of the test merchant's sandbox (issue 14 item 6; docs/sandbox-state.md). The flow is
 * `machines/sandbox-state.machine.ts`: what replaces or deletes data asks first.
 */
export function StatePanel() {
  const { t, i18n } = useLingui()
  const { accessToken } = useSession()
  const queryClient = useQueryClient()
  const snapshots = useQuery(snapshotsQuery(accessToken))
  const [label, setLabel] = useState('')
  const [file, setFile] = useState<{ name: string; text: string } | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const notJson = t`This file is not JSON.`
  const machine = useMemo(
    () =>
      sandboxStateMachine.provide({
        actors: {
          run: fromPromise(async ({ input }: { input: SandboxStateAction }) => {
            try {
              return await runSandboxStateAction(input, notJson)
            } finally {
              // the log, the clock and the list all change with the sandbox
              void queryClient.invalidateQueries({ queryKey: sandboxKeys.all })
            }
          }),
        },
      }),
    [queryClient, notJson],
  )
  const [state, send] = useMachine(machine, { inspect: inspectOption() })
  const busy = state.hasTag('busy.working')
  const pending = state.context.pending
  const outcome = state.context.outcome
  const lang = langOf(i18n)
  const list = snapshots.data?.snapshots ?? []
  const labelOf = (id: string) => list.find((s) => s.snapshotId === id)?.label || id

  const question = !pending
    ? null
    : pending.kind === 'reset'
      ? t`Reset the sandbox? Every payment, code, refund, linked user and top-up of your test merchant is deleted, the test users get their starting balances back and the clock returns to real time. The request log and settings stay.`
      : pending.kind === 'restore'
        ? t`Restore the snapshot "${labelOf(pending.snapshotId)}"? The sandbox becomes exactly what it was then; everything since is lost.`
        : pending.kind === 'delete'
          ? t`Delete the snapshot "${labelOf(pending.snapshotId)}"?`
          : pending.kind === 'seed'
            ? t`Load the seed file "${pending.fileName}"? It replaces the whole sandbox: only its test users, links and payments remain.`
            : null
  const done: Record<SandboxStateAction['kind'], string> = {
    reset: t`The sandbox was reset.`,
    take: t`Snapshot taken.`,
    restore: t`Snapshot restored.`,
    delete: t`Snapshot deleted.`,
    seed: t`Seed file loaded.`,
  }

  const chooseFile = async (chosen: File | undefined) => {
    setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null)
  }

  return (
    <SandboxPanel
      id="sandbox-state"
      title={<Trans>Reset, snapshots and seed</Trans>}
      hint={
        <Trans>
          Start your integration tests from a known sandbox: reset it, save it as a snapshot and go back to it, or load a seed file with test users, linked
          users and payments in the states you need. Scripts and CI use the same calls, signed: POST /sandbox/api/reset, /sandbox/api/seed and
          /sandbox/api/snapshots, or npm run sandbox:seed.
        </Trans>
      }
    >
      <div className="sandbox-state__row">
        <button
          type="button"
          className="ui-button ui-button--secondary ui-button--small"
          disabled={busy || state.matches('confirming')}
          onClick={() => send({ type: 'reset.request' })}
        >
          <Trans>Reset sandbox</Trans>
        </button>
      </div>

      <form
        className="sandbox-state__row"
        onSubmit={(event) => {
          event.preventDefault()
          send({ type: 'snapshot.take', label: label.trim() })
          setLabel('')
        }}
      >
        <label className="sandbox-state__field">
          <span>
            <Trans>Snapshot label</Trans>
          </span>
          <input value={label} maxLength={80} onChange={(event) => setLabel(event.currentTarget.value)} placeholder={t`e.g. before the refund tests`} />
        </label>
        <button
          type="submit"
          className="ui-button ui-button--primary ui-button--small"
          disabled={busy || state.matches('confirming') || list.length >= (snapshots.data?.limit ?? 1)}
        >
          <Trans>Take snapshot</Trans>
        </button>
      </form>

      <h3 className="sandbox-state__subtitle">
        <Trans>
          Snapshots ({list.length} of {snapshots.data?.limit ?? '…'})
        </Trans>
      </h3>
      {snapshots.isPending ? (
        <p>{t`Loading the snapshots…`}</p>
      ) : list.length === 0 ? (
        <p data-testid="sandbox-snapshots-empty">
          <Trans>No snapshots yet.</Trans>
        </p>
      ) : (
        <ul className="sandbox-state__snapshots" data-testid="sandbox-snapshots">
          {list.map((s) => (
            <li key={s.snapshotId} className="sandbox-state__snapshot">
              <span className="sandbox-state__snapshot-name">{s.label || <Trans>(no label)</Trans>}</span>
              <span className="sandbox-state__snapshot-meta">
                <Trans>
                  {formatJst(lang, s.createdAtMs, 'dateTimeSeconds')} · payments: {s.rows.sandbox_payments ?? 0} · {Math.ceil(s.sizeBytes / 1024)} KB
                </Trans>
              </span>
              <span className="sandbox-entry__actions">
                <button
                  type="button"
                  className="ui-button ui-button--secondary ui-button--small"
                  disabled={busy || state.matches('confirming')}
                  onClick={() => send({ type: 'restore.request', snapshotId: s.snapshotId })}
                >
                  <Trans>Restore</Trans>
                </button>
                <button
                  type="button"
                  className="ui-button ui-button--ghost ui-button--small"
                  disabled={busy || state.matches('confirming')}
                  onClick={() => send({ type: 'delete.request', snapshotId: s.snapshotId })}
                >
                  <Trans>Delete</Trans>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}

      <form
        className="sandbox-state__row"
        onSubmit={(event) => {
          event.preventDefault()
          if (file) send({ type: 'seed.request', fileName: file.name, text: file.text })
        }}
      >
        <label className="sandbox-state__field">
          <span>
            <Trans>Seed file (JSON)</Trans>
          </span>
          <input ref={fileInput} type="file" accept="application/json,.json" onChange={(event) => void chooseFile(event.currentTarget.files?.[0])} />
        </label>
        <button type="submit" className="ui-button ui-button--secondary ui-button--small" disabled={!file || busy || state.matches('confirming')}>
          <Trans>Load seed file</Trans>
        </button>
      </form>

      {question && state.matches('confirming') && (
        <div role="alertdialog" aria-labelledby="sandbox-state-question" className="sandbox-state__confirm">
          <p id="sandbox-state-question">{question}</p>
          <span className="sandbox-entry__actions">
            <button type="button" className="ui-button ui-button--primary ui-button--small" onClick={() => send({ type: 'confirm' })}>
              <Trans>Confirm</Trans>
            </button>
            <button type="button" className="ui-button ui-button--ghost ui-button--small" onClick={() => send({ type: 'cancel' })}>
              <Trans>Cancel</Trans>
            </button>
          </span>
        </div>
      )}
      {busy && <p role="status">{t`Working…`}</p>}
      {outcome && !busy && outcome.ok && (
        <p role="status" data-testid="sandbox-state-outcome">
          {done[outcome.action]}
        </p>
      )}
      {outcome && !busy && !outcome.ok && (
        <div role="alert" className="sandbox-error" data-testid="sandbox-state-outcome">
          <p>
            <Trans>Not done: {outcome.code}</Trans>
          </p>
          {outcome.issues.length > 0 && (
            <ul className="sandbox-state__issues">
              {outcome.issues.map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>
                  <code>{issue.path || t`(file)`}</code> {seedIssueText(i18n, issue)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </SandboxPanel>
  )
}
