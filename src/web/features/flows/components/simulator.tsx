import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate'
import { inspectOption } from '@/web/lib/inspect.ts'
import { Button } from '@/web/ui/button.tsx'
import { activeStateIds, type FlowModel } from '../flow-data.ts'
import { flowText } from '../flow-text.ts'
import { loadFlowModel, type FlowPageData } from '../registry.ts'
import { offeredEvents, simulatedMachine, type OfferedEvent } from '../simulator-logic.ts'

interface Run {
  actor: AnyActorRef
  snapshot: AnyMachineSnapshot
}

/**
 * The machine itself running in the page (docs/flows-pages.md): its requests and timers of the server are stand-ins
 * that wait, and what they would answer is a button, as is every event the flow accepts now. Started in the browser
 * only (the server's HTML says it is loading); watched in the inspector with `?inspect` like every actor.
 */
/** `onActive` must keep its identity (a state setter): it is called whenever the flow moves. */
export function Simulator({ page, onActive }: { page: FlowPageData; onActive: (ids: readonly string[]) => void }) {
  const { i18n, t } = useLingui()
  const [model, setModel] = useState<FlowModel>()
  const [start, setStart] = useState(0)
  const [restarts, setRestarts] = useState(0)
  const [run, setRun] = useState<Run>()
  const [log, setLog] = useState<readonly string[]>([])

  useEffect(() => {
    let live = true
    void loadFlowModel(page.name).then((loaded) => {
      if (live) setModel(loaded)
    })
    return () => {
      live = false
    }
  }, [page.name])

  useEffect(() => {
    if (!model) return
    const actor = createActor(simulatedMachine(model.machine), { input: model.inputs?.[start]?.input, inspect: inspectOption() })
    const show = () => setRun({ actor, snapshot: actor.getSnapshot() })
    const subscription = actor.subscribe({ next: show, error: show, complete: show })
    actor.start()
    show()
    return () => {
      subscription.unsubscribe()
      actor.stop()
    }
  }, [model, start, restarts])

  const snapshot = run?.snapshot
  useEffect(() => {
    onActive(snapshot ? activeStateIds(snapshot) : [])
  }, [snapshot, onActive])

  const places = new Map(page.states.map((s) => [s.id, s]))
  const current = snapshot ? activeStateIds(snapshot).filter((id) => !activeStateIds(snapshot).some((other) => other.startsWith(`${id}.`))) : []
  const offered = model && snapshot ? offeredEvents(model, snapshot) : []
  const send = (offer: OfferedEvent) => {
    if (!run) return
    run.actor.send(offer.event)
    const after = activeStateIds(run.actor.getSnapshot()).map((id) => places.get(id)?.place ?? id)
    setLog((entries) => [...entries, `${flowText(i18n, offer.label)} → ${after.at(-1) ?? ''}`].slice(-12))
  }

  return (
    <section className="flow-page__section flow-sim" aria-labelledby="flow-simulator" data-simulator={snapshot ? 'running' : 'loading'}>
      <h2 id="flow-simulator" className="flow-page__heading">
        <Trans>Simulator</Trans>
      </h2>
      <p className="flow-page__note">
        <Trans>
          The flow itself runs here. Requests to the server and its answers are not sent: choose what happens with the buttons. The current state is highlighted
          in the list of states below.
        </Trans>
      </p>
      {page.starts.length > 1 && (
        <label className="flow-sim__start">
          <span>
            <Trans>Start</Trans>
          </span>
          <select
            value={start}
            onChange={(e) => {
              setLog([])
              setStart(Number(e.target.value))
            }}
            disabled={!snapshot}
          >
            {page.starts.map((s, index) => (
              <option key={s.name} value={index}>
                {flowText(i18n, s.label)}
              </option>
            ))}
          </select>
        </label>
      )}
      {!snapshot ? (
        <p className="flow-sim__status" role="status">
          <Trans>Loading the simulator…</Trans>
        </p>
      ) : (
        <>
          <div className="flow-sim__now" role="status" aria-live="polite">
            <strong>
              <Trans>Now:</Trans>
            </strong>
            <ul className="flow-sim__current">
              {current.map((id) => (
                <li key={id} data-current-state={id}>
                  <span className="flow-sim__place">{places.get(id)?.place ?? id}</span> {flowText(i18n, places.get(id)?.description ?? '')}
                </li>
              ))}
            </ul>
            {snapshot.status === 'done' && (
              <p>
                <Trans>The flow has ended.</Trans>
              </p>
            )}
            {snapshot.status === 'error' && (
              <p>
                <Trans>The flow stopped with an error.</Trans>
              </p>
            )}
          </div>
          <h3 className="flow-sim__subheading">
            <Trans>What can happen now</Trans>
          </h3>
          {offered.length ? (
            <ul className="flow-sim__events" aria-label={t`Events the flow accepts now`}>
              {offered.map((offer, index) => (
                <li key={`${offer.event.type}-${index}`}>
                  <Button variant="secondary" size="small" className="flow-sim__event" data-event={offer.event.type} onClick={() => send(offer)}>
                    {flowText(i18n, offer.label)}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="flow-page__note">
              <Trans>Nothing: the flow waits for nothing more.</Trans>
            </p>
          )}
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              setLog([])
              setRestarts((n) => n + 1)
            }}
          >
            <Trans>Start again</Trans>
          </Button>
          {log.length > 0 && (
            <>
              <h3 className="flow-sim__subheading">
                <Trans>What happened</Trans>
              </h3>
              <ol className="flow-sim__log">
                {log.map((entry, index) => (
                  <li key={index}>{entry}</li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  )
}
