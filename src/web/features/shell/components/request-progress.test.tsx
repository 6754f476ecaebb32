import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, waitFor } from '@testing-library/react'
import { useEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { quiet, useTrackedRequest } from '@/web/lib/progress.ts'
import { RequestProgress } from './request-progress.tsx'

/** A request the test finishes by hand. */
function pending() {
  let finish!: () => void
  const promise = new Promise<string>((resolve) => (finish = () => resolve('done')))
  return { promise, finish }
}

function setup(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <QueryClientProvider client={client}>
      <RequestProgress />
      {children}
    </QueryClientProvider>,
  )
  const bar = () => view.container.querySelector('.ui-progress')!.getAttribute('data-active')
  return { bar, client }
}

function Page({ request, silent }: { request: Promise<string>; silent?: boolean }) {
  useQuery({ queryKey: ['page', silent], queryFn: () => request, ...(silent ? quiet : {}) })
  return null
}

function SignIn({ request }: { request: Promise<string> }) {
  const track = useTrackedRequest()
  useEffect(() => void track(() => request), [track, request])
  return null
}

describe('the header progress bar (spec §2)', () => {
  it('runs while a counted query is in flight and stops when it is answered', async () => {
    const request = pending()
    const { bar } = setup(<Page request={request.promise} />)
    await waitFor(() => expect(bar()).toBe('true'))
    await act(async () => request.finish())
    await waitFor(() => expect(bar()).toBe('false'))
  })

  it('leaves document content (a quiet query) out', async () => {
    const request = pending()
    const { bar, client } = setup(<Page request={request.promise} silent />)
    await waitFor(() => expect(client.isFetching()).toBe(1))
    // React Query tells its subscribers in a batch on the next task: let it run
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(bar()).toBe('false')
    await act(async () => request.finish())
  })

  it("counts a statechart actor's request run through useTrackedRequest", async () => {
    const request = pending()
    const { bar } = setup(<SignIn request={request.promise} />)
    await waitFor(() => expect(bar()).toBe('true'))
    await act(async () => request.finish())
    await waitFor(() => expect(bar()).toBe('false'))
  })
})
