import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuLink } from '@/domain/site.ts'
import { MenuEntry } from './menu-entry.tsx'

const tile = (slug: string, title: string, authMenuPath: boolean): MenuLink => ({
  menuType: 'tile',
  title,
  navigationType: 'internal',
  slug: { current: slug },
  authMenuPath,
})

function renderEntries(links: MenuLink[], signedIn: boolean) {
  const onNeedsSignIn = vi.fn()
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          {links.map((link) => (
            <MenuEntry key={link.title} link={link} signedIn={signedIn} onNeedsSignIn={onNeedsSignIn} />
          ))}
        </>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return onNeedsSignIn
}

describe('a header menu tile (spec §2)', () => {
  beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))

  it('asks a logged-out visitor to sign in for the lab, but links the public resolver directly', async () => {
    const onNeedsSignIn = renderEntries([tile('develop/paylab-lab', 'PayLab Lab', true), tile('develop/resolve', 'Response code resolver', false)], false)
    const resolver = await screen.findByRole('link', { name: /Response code resolver/ })
    expect(resolver.getAttribute('href')).toBe('/develop/resolve')
    await userEvent.click(screen.getByRole('button', { name: /PayLab Lab/ }))
    expect(onNeedsSignIn).toHaveBeenCalledWith('PayLab Lab')
  })

  it('never gates a public tool, even when its content entry is flagged', async () => {
    const onNeedsSignIn = renderEntries([tile('develop/resolve', 'Response code resolver', true)], false)
    expect((await screen.findByRole('link', { name: /Response code resolver/ })).getAttribute('href')).toBe('/develop/resolve')
    expect(screen.queryByRole('button')).toBeNull()
    expect(onNeedsSignIn).not.toHaveBeenCalled()
  })
})
