import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, fireEvent } from '@testing-library/react'
import { useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, it } from 'vitest'
import { KeptMarkup } from './kept-markup.tsx'
import { useHydrated } from './use-hydrated.ts'

let live = true

/** A kept list with a control the server disables until hydration (as the header's top-menu buttons). */
function Menu() {
  const hydrated = useHydrated()
  const [count, setCount] = useState(0)
  return (
    <>
      <button type="button" className="again" onClick={() => setCount(count + 1)}>
        Render again
      </button>
      <KeptMarkup as="ul" id="menu" className="menu" live={live} kept={!live} load={() => {}}>
        <li>
          <button type="button" disabled={!hydrated} data-awaits-hydration={hydrated ? undefined : ''}>
            Products
          </button>
        </li>
      </KeptMarkup>
    </>
  )
}

async function app() {
  const router = createRouter({ routeTree: createRootRoute({ component: Menu }), history: createMemoryHistory({ initialEntries: ['/'] }) })
  await router.load()
  return <RouterProvider router={router} />
}

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  document.body.innerHTML = ''
  live = true
})

it('a kept control the server disabled until hydration stays enabled when its owner renders again', async () => {
  const container = document.createElement('div')
  container.innerHTML = renderToString(await app())
  document.body.append(container)
  const kept = () => container.querySelector<HTMLButtonElement>('.menu button')!
  expect(kept().disabled).toBe(true)
  live = false // the browser: the data was left out, the server's HTML is kept
  const hydrating = await app()
  await act(async () => {
    root = hydrateRoot(container, hydrating)
  })
  expect(kept().disabled).toBe(false)
  fireEvent.click(container.querySelector('.again')!)
  expect(container.querySelector('.again')!.textContent).toBe('Render again')
  expect(kept().disabled).toBe(false)
  expect(kept().hasAttribute('data-awaits-hydration')).toBe(false)
})
