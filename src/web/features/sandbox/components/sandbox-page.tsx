import { ClockPanel } from './clock-panel.tsx'
import { RequestLog } from './request-log.tsx'
import { ServerMachines } from './server-machines.tsx'
import { StatePanel } from './state-panel.tsx'
import { WebhookLog } from './webhook-log.tsx'
import './sandbox.css'

/** The sandbox tools of the signed-in developer (issue 14; docs/sandbox-powers.md); the route puts it in its frame. */
export function SandboxPage() {
  return (
    <div className="sandbox-page">
      <ServerMachines />
      <RequestLog />
      <ClockPanel />
      <StatePanel />
      <WebhookLog />
    </div>
  )
}
