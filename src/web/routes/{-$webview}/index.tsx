import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

export const Route = createFileRoute('/{-$webview}/')({
  component: Home,
})

function Home() {
  return (
    <main>
      <h1>
        <Trans>PayLab developer portal</Trans>
      </h1>
    </main>
  )
}
