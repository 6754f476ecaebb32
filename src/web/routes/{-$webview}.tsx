import { createFileRoute, Outlet } from '@tanstack/react-router'

/** The optional first segment: only the literal `webview` matches; anything else falls through to 404. */
export const Route = createFileRoute('/{-$webview}')({
  params: {
    parse: ({ webview }): { webview?: 'webview' } | false =>
      webview === undefined ? {} : webview === 'webview' ? { webview } : false,
    stringify: ({ webview }) => ({ webview }),
  },
  component: Outlet,
})
