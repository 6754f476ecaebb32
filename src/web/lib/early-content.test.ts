// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startEarlyContent, takeEarlyResponse } from './early-content.ts'

/** The inline start of a docs page's content request (index.html) and its hand-over to the http client. */
function startAt(path: string) {
  window.history.replaceState(null, '', path)
  const fetchMock = vi.fn(async () => new Response('{}'))
  vi.stubGlobal('fetch', fetchMock)
  startEarlyContent('lang', 'userLoginToken')
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  window.__paylabEarlyContent = undefined
  window.history.replaceState(null, '', '/')
})

describe('early content request', () => {
  it.each([
    ['/', 'type=page&slug=home&lang=jp'],
    ['/products/docs', 'type=openPaymentApi&slug=index&lang=jp'],
    ['/products/docs/webpayment/', 'type=openPaymentApi&slug=webpayment&lang=jp'],
    ['/webview/miniapp/docs/features/userConsent', 'type=miniappDocumentation&slug=features%2FuserConsent&lang=jp'],
    ['/webview', 'type=page&slug=home&lang=jp'],
  ])('%s asks for the same URL the portal will (%s)', (path, query) => {
    const fetchMock = startAt(path)
    expect(fetchMock).toHaveBeenCalledWith(`/dev/config/pages?${query}`, { headers: { accept: 'application/json' } })
    expect(window.__paylabEarlyContent?.url).toBe(`/dev/config/pages?${query}`)
  })

  it('asks in the saved language', () => {
    localStorage.setItem('lang', 'en')
    expect(startAt('/miniapp/docs/getstarted')).toHaveBeenCalledWith('/dev/config/pages?type=miniappDocumentation&slug=getstarted&lang=en', expect.anything())
  })

  it('leaves other pages, and signed-in developers (whose requests carry a token), to the portal', () => {
    expect(startAt('/account/signin')).not.toHaveBeenCalled()
    expect(startAt('/products/mini-apps')).not.toHaveBeenCalled()
    localStorage.setItem('userLoginToken', '{"access_token":"t"}')
    expect(startAt('/products/docs/webpayment')).not.toHaveBeenCalled()
  })

  it('hands the response over once, and only for its own URL', () => {
    startAt('/products/docs/qrcode')
    const url = '/dev/config/pages?type=openPaymentApi&slug=qrcode&lang=jp'
    expect(takeEarlyResponse('/dev/config/pages?type=openPaymentApi&slug=webpayment&lang=jp')).toBeUndefined()
    expect(takeEarlyResponse(url)).toBeInstanceOf(Promise)
    expect(takeEarlyResponse(url)).toBeUndefined()
  })
})
