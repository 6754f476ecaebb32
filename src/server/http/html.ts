import { html } from 'hono/html'

/**
 * Text put into an HTML page or mail (the mailbox, the sign-up link and mini-app request pages, the mail templates),
 * escaped by hono's `html` template (`&`, `<`, `>`, `"`, `'`). A string in gives a string out: nothing here waits.
 */
export const escapeHtml = (text: string): string => String(html`${text}`)
