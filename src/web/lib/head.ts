import type { MessageDescriptor } from '@lingui/core'
import type { I18n } from '@lingui/core'

/** A page's own `<title>` and `<meta name="description">`, in the language it is rendered in. */
export interface PageMeta {
  title: string
  description?: string
}

export const siteName = 'PayLab'

/**
 * The head tags of one route (TanStack Router `head`): the deepest route's title wins and a description replaces the
 * layout's; the layout route adds the site's defaults and the canonical link.
 */
export function pageHead(meta: PageMeta | null | undefined) {
  if (!meta) return {}
  return {
    meta: [{ title: `${meta.title} | ${siteName}` }, ...(meta.description ? [{ name: 'description', content: meta.description }] : [])],
  }
}

/** `head` of a route whose title is a UI string, in the page's language (the router context's Lingui instance). */
export const uiHead =
  (title: MessageDescriptor, description?: MessageDescriptor) =>
  ({ match }: { match: { context: { i18n: I18n } } }) =>
    pageHead({ title: match.context.i18n._(title), description: description ? match.context.i18n._(description) : undefined })
