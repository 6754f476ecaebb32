import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Page, TocEntry } from '@/domain/content.ts'
import { withKeptToc, withoutKeptBlocks } from '../api.ts'
import { TableOfContents } from './toc.tsx'

describe('a kept page’s table of contents', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  const toc: TocEntry[] = [
    { id: '概要', text: '概要', level: 2 },
    { id: 'a&b "c"', text: 'A & B <c>', level: 3 },
    { id: 'flows', text: '決済フロー', level: 2 },
  ]
  const page = { type: 'openPaymentApi', slug: 'guide', title: 'Guide', hideTOC: false, toc, sections: [] } as unknown as Page

  it('is left out of the hydration data and read back from the table the server drew', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    document.body.innerHTML = renderToString(
      <I18nProvider i18n={i18n}>
        <TableOfContents entries={toc} hideOnSmall={false} />
      </I18nProvider>,
    )
    expect(document.querySelector('.doc-toc a')!.getAttribute('href')).toBe('#概要')
    const sent = withoutKeptBlocks(page) as Page
    expect(sent.toc).toEqual([])
    expect((withKeptToc(sent) as Page).toc).toEqual(toc)
  })
})
