import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Page } from '@/domain/content.ts'
import { blocksKept, sideMenuLeftOut, withoutKeptBlocks } from '../api.ts'
import { codeLanguageStorageKey } from './code-block.tsx'
import { KeptBlocks } from './kept-blocks.tsx'

const full: Page = {
  type: 'openPaymentApi',
  slug: 'guide',
  __i18n_lang: 'en',
  title: 'Guide',
  description: 'A guide.',
  hideTOC: false,
  protected: false,
  order: 1,
  toc: [],
  sections: [
    {
      type: 'paragraph',
      children: [
        { type: 'text', value: 'Read the ' },
        { type: 'link', href: '/products/docs/other', internal: true, children: [{ type: 'text', value: 'other page' }] },
      ],
    },
    {
      type: 'code',
      variants: [
        { language: 'python', code: 'print(1)', lines: [[{ t: 'print(1)' }]] },
        { language: 'java', code: 'System.out.println(1);', lines: [[{ t: 'System.out.println(1);' }]] },
      ],
    },
  ],
}

/** The page as the browser gets it in the server's hydration data. */
const keptOf = (page: Page) => withoutKeptBlocks(page) as Page

/** What the page's root route draws: the blocks as the page starts with them, and what `load` is to report to. */
let drawn: { initial: Page; onLoad: () => void } = { initial: full, onLoad: () => {} }

/** The page's blocks with a `load` that answers at once with the whole page. */
function Blocks() {
  const { initial, onLoad } = drawn
  const [page, setPage] = useState(initial)
  const load = () => {
    onLoad()
    setPage(full)
  }
  return (
    <main>
      <KeptBlocks page={page} id="openPaymentApi.guide" load={load} />
    </main>
  )
}

async function pageRouter() {
  const router = createRouter({ routeTree: createRootRoute({ component: Blocks }), history: createMemoryHistory({ initialEntries: ['/products/docs/guide'] }) })
  await router.load()
  return router
}

const app = (router: Awaited<ReturnType<typeof pageRouter>>) => (
  <I18nProvider i18n={i18n}>
    <RouterProvider router={router} />
  </I18nProvider>
)

let root: Root | undefined

/** The server's HTML of the page, hydrated with the page the hydration data carries (no blocks). */
async function hydrateServerPage(onLoad: () => void) {
  const errors: unknown[] = []
  const container = document.createElement('div')
  drawn = { initial: full, onLoad: () => {} }
  container.innerHTML = renderToString(app(await pageRouter()))
  document.body.append(container)
  drawn = { initial: keptOf(full), onLoad }
  const router = await pageRouter()
  await act(async () => {
    root = hydrateRoot(container, app(router), { onRecoverableError: (error) => errors.push(error) })
  })
  return { errors, router }
}

describe('the blocks of a server-rendered page', () => {
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    localStorage.clear()
  })
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
    document.body.innerHTML = ''
    vi.restoreAllMocks()
  })

  it('leave the data of pages and the side menu out of the hydration data, not the style guide’s', () => {
    const guide = { ...full, type: 'designSystem' as const }
    const page = keptOf(full)
    expect(page).toMatchObject({ title: 'Guide', description: 'A guide.', toc: [], sections: [] })
    expect(blocksKept(page)).toBe(true)
    expect(withoutKeptBlocks(guide)).toBe(guide)
    expect(blocksKept(full)).toBe(false)
    const queryClient = new QueryClient()
    queryClient.setQueryData(['docs', 'components', 'leftMenu', 'en'], [{ title: 'Menu' }])
    queryClient.setQueryData(['docs', 'components', 'products', 'en'], [])
    queryClient.setQueryData(['docs', 'openPaymentApi.guide', 'en', 'visitor'], full)
    const left = queryClient.getQueryCache().findAll({ predicate: sideMenuLeftOut })
    expect(left.map((query) => query.queryKey)).toEqual([['docs', 'components', 'leftMenu', 'en']])
  })

  it('keep the server’s HTML without asking for the page, and follow its links in the page', async () => {
    const load = vi.fn()
    const { errors, router } = await hydrateServerPage(load)
    expect(errors).toEqual([])
    const navigate = vi.spyOn(router, 'navigate').mockResolvedValue(undefined)
    expect(screen.getByText('print(1)')).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.click(screen.getByRole('link', { name: 'other page' }))
    expect(navigate).toHaveBeenCalledWith({ href: '/products/docs/other' })
    expect(load).not.toHaveBeenCalled()
  })

  it('ask for the page when a control among them is pointed at or used, and do the click on the control drawn from it', async () => {
    const load = vi.fn()
    await hydrateServerPage(load)
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Java' }))
    })
    expect(load).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('tab', { name: 'Java' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText('System.out.println(1);')).toBeTruthy()
    expect(localStorage.getItem(codeLanguageStorageKey)).toBe('java')
  })

  it('copy a code block from the kept HTML, without asking for the page', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const load = vi.fn()
    await hydrateServerPage(load)
    const copy = screen.getByRole('button', { name: 'Copy' })
    await act(async () => {
      fireEvent.pointerOver(copy)
      fireEvent.click(copy)
    })
    expect(writeText).toHaveBeenCalledWith('print(1)')
    expect(copy.textContent).toBe('Copied')
    expect(load).not.toHaveBeenCalled()
  })

  it('ask for the page at once when the saved code language is not the one the server drew', async () => {
    localStorage.setItem(codeLanguageStorageKey, 'java')
    const load = vi.fn()
    await hydrateServerPage(load)
    expect(load).toHaveBeenCalledTimes(1)
    expect(screen.getByText('System.out.println(1);')).toBeTruthy()
  })

  it('ask for the page when its server HTML is gone (the reader came back to it)', async () => {
    const load = vi.fn()
    drawn = { initial: keptOf(full), onLoad: load }
    render(app(await pageRouter()))
    await screen.findByText('print(1)')
    expect(load).toHaveBeenCalledTimes(1)
    expect(screen.getByText('print(1)')).toBeTruthy()
  })
})
