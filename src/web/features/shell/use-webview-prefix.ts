import { useParams } from '@tanstack/react-router'

/** `/webview` inside webview mode, '' otherwise; internal links made from content slugs keep it. */
export function useWebviewPrefix(): '' | '/webview' {
  const params = useParams({ strict: false })
  return params.webview === 'webview' ? '/webview' : ''
}
