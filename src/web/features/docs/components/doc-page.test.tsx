import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Page } from '@/domain/content.ts'
import { SessionProvider } from '@/web/lib/session.tsx'
import { actorStore, createSessionActor } from '@/web/lib/session-actor.ts'
import { codeLanguageStorageKey } from './code-block.tsx'
import { PageBody } from './doc-page.tsx'

const page: Page = {
  type: 'openPaymentApi',
  slug: 'secret',
  __i18n_lang: 'en',
  title: 'Partner pricing',
  description: 'Only for developers.',
  hideTOC: false,
  protected: true,
  order: 1,
  toc: [],
  sections: [
    { type: 'paragraph', children: [{ type: 'text', value: 'The secret body' }] },
    {
      type: 'code',
      variants: [
        { language: 'python', code: 'print(1)', lines: [[{ t: 'print(1)' }]] },
        { language: 'java', code: 'System.out.println(1);', lines: [[{ t: 'System.out.println(1);' }]] },
      ],
    },
    {
      type: 'list',
      ordered: false,
      start: 1,
      depth: 0,
      items: [{ checked: null, children: [{ type: 'list', ordered: false, start: 1, depth: 1, items: [{ checked: null, children: [] }] }] }],
    },
  ],
}

function renderPage(p: Page, signedIn: boolean, url = '/products/docs/secret') {
  const storage = new Map<string, string>()
  if (signedIn) storage.set('userLoginToken', JSON.stringify({ access_token: 'at', token_type: 'bearer' }))
  const fakeStorage = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  } as unknown as Storage
  const actor = createSessionActor({ storage: fakeStorage, signOutRequest: vi.fn(async () => null), reload: vi.fn() })
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <PageBody page={p} pageKey="openPaymentApi.secret" load={() => {}} /> }),
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  return render(
    <I18nProvider i18n={i18n}>
      <SessionProvider store={actorStore(actor)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </I18nProvider>,
  )
}

describe('a documentation page', () => {
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    localStorage.clear()
  })

  it('asks a logged-out visitor to sign in or sign up instead of showing a protected page', async () => {
    renderPage(page, false)
    expect(await screen.findByRole('heading', { level: 1, name: 'Partner pricing' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin')
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/account/signup')
    expect(screen.queryByText('The secret body')).toBeNull()
  })

  it('shows a protected page to a signed-in developer', async () => {
    renderPage(page, true)
    expect(await screen.findByText('The secret body')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull()
  })

  it('saves the code language and cycles bullets by depth', async () => {
    renderPage({ ...page, protected: false }, false)
    const java = await screen.findByRole('tab', { name: 'Java' })
    await act(() => userEvent.click(java))
    expect(java.getAttribute('aria-selected')).toBe('true')
    expect(localStorage.getItem(codeLanguageStorageKey)).toBe('java')
    expect(screen.getByText('System.out.println(1);')).toBeTruthy()
    // the release-note link follows the selected SDK language
    expect(screen.getByRole('link', { name: 'Release notes of the Java SDK' }).getAttribute('href')).toBe('/products/docs/releasenotes#java')
    const lists = document.querySelectorAll('ul.doc-list')
    expect((lists[0] as HTMLElement).style.listStyleType).toBe('square')
    expect((lists[1] as HTMLElement).style.listStyleType).toBe('disc')
  })

  it('shows tab blocks as tabs that follow the arrow keys', async () => {
    const tabs = [
      { title: 'Android', children: [{ type: 'paragraph' as const, children: [{ type: 'text' as const, value: 'Android steps' }] }] },
      { title: 'iOS', children: [{ type: 'paragraph' as const, children: [{ type: 'text' as const, value: 'iOS steps' }] }] },
    ]
    renderPage({ ...page, protected: false, sections: [{ type: 'tabs', tabs }] }, false)
    const android = await screen.findByRole('tab', { name: 'Android' })
    expect(screen.getByRole('tabpanel').textContent).toBe('Android steps')
    android.focus()
    await userEvent.keyboard('{ArrowRight}')
    const ios = screen.getByRole('tab', { name: 'iOS' })
    expect(ios.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(ios)
    expect(screen.getByRole('tabpanel').textContent).toBe('iOS steps')
    await userEvent.keyboard('{ArrowRight}')
    expect(android.getAttribute('aria-selected')).toBe('true')
  })

  it('renders a long page whole and scrolls to the hash section', async () => {
    const scrolled: string[] = []
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id)
    }
    const sections: Page['sections'] = Array.from({ length: 14 }, (_, i) => ({
      type: 'paragraph' as const,
      children: [{ type: 'text' as const, value: `Paragraph ${i + 1}` }],
    }))
    sections.push({ type: 'heading', level: 2, id: 'error-list', children: [{ type: 'text', value: 'Error list' }] })
    renderPage({ ...page, protected: false, sections }, false, '/products/docs/secret#Error%20List')
    expect(await screen.findByRole('heading', { name: 'Error list' })).toBeTruthy()
    expect(screen.getByText('Paragraph 1')).toBeTruthy()
    expect(screen.getByText('Paragraph 14')).toBeTruthy()
    await vi.waitFor(() => expect(scrolled).toEqual(['error-list']))
  })
})
