import { html, raw } from 'hono/html'
import type { Lang } from '@/domain/i18n.ts'
import { alertArt, canceledArt, expiredArt, logoMark, successArt } from './art.ts'
import { wt, type WalletTextKey } from './text.ts'

/**
 * The simulated wallet's frame (wallet-views.ts draws the pages inside it): the phone-sized page with its header,
 * language switch and sandbox notice, its stylesheet, and the pages that only say what happened.
 */

export type Html = ReturnType<typeof html>

/** What every wallet page needs to draw its frame. `path` is the current path (for the language links). */
export interface PageFrame {
  lang: Lang
  path: string
}

const withLang = (path: string, lang: Lang) => {
  const url = new URL(path, 'http://wallet.invalid')
  url.searchParams.set('lang', lang)
  return `${url.pathname}${url.search}`
}

/** The phone-sized frame: header with mark and language switch, main, sandbox notice. */
export function page(frame: PageFrame, title: string, body: Html): Html {
  const { lang } = frame
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${wt(lang, 'walletName')}</title>
<style>${raw(styles)}</style>
</head>
<body>
<a class="skip" href="#main">${wt(lang, 'skipToContent')}</a>
<div class="phone">
<header class="bar">
  <span class="brand">${logoMark('PayLab')}<span>${wt(lang, 'walletName')}</span></span>
  <nav aria-label="${wt(lang, 'languageNav')}" class="langs">
    <a href="${withLang(frame.path, 'ja')}" lang="ja" hreflang="ja" ${lang === 'ja' ? html`aria-current="true"` : ''}>日本語</a>
    <a href="${withLang(frame.path, 'en')}" lang="en" hreflang="en" ${lang === 'en' ? html`aria-current="true"` : ''}>English</a>
  </nav>
</header>
<main id="main" tabindex="-1">
${body}
</main>
<footer class="note"><p>${wt(lang, 'sandboxNotice')}</p></footer>
</div>
</body>
</html>`
}

/** A page that only says what happened: expired, deleted, not found, refused … */
export function statePage(
  frame: PageFrame,
  kind: 'expired' | 'canceled' | 'alert' | 'success',
  titleKey: WalletTextKey,
  bodyText: string | null,
  extra: Html | '' = '',
): Html {
  const art = kind === 'expired' ? expiredArt() : kind === 'canceled' ? canceledArt() : kind === 'success' ? successArt() : alertArt()
  const title = wt(frame.lang, titleKey)
  return page(
    frame,
    title,
    html`<section class="card center" aria-labelledby="state-title">
  <div class="art">${art}</div>
  <h1 id="state-title">${title}</h1>
  ${bodyText ? html`<p>${bodyText}</p>` : ''}
  ${extra}
</section>`,
  )
}

export function errorPage(frame: PageFrame, code: string, message: string): Html {
  return statePage(frame, 'alert', 'errorTitle', message, html`<p class="muted">${wt(frame.lang, 'errorCode')}: <code>${code}</code></p>`)
}

const styles = `
:root{--brand:#ff0033;--brand-strong:#d6002b;--brand-soft:#fff0f3;--text:#2b2b2b;--muted:#5f6368;--surface:#fff;--alt:#f5f6f8;--border:#e3e5e8;--ok:#0a7d3b;--danger:#c4001f;--focus:#1a5fd0}
*,*::before,*::after{box-sizing:border-box}
html{font-family:'Noto Sans JP','Noto Sans CJK JP','Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic',Meiryo,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Liberation Sans','DejaVu Sans',sans-serif;color:var(--text);background:var(--alt);line-height:1.75;-webkit-text-size-adjust:100%}
body{margin:0}
.phone{max-width:420px;margin:0 auto;min-height:100vh;background:var(--alt);display:flex;flex-direction:column}
.skip{position:absolute;left:-999px;top:8px;background:#fff;padding:8px 16px;border-radius:999px;z-index:2}
.skip:focus{left:8px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.bar{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:4px 8px;padding:8px 16px;background:var(--surface);border-bottom:1px solid var(--border)}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:.9375rem;white-space:nowrap}
.langs{display:flex;gap:4px;margin-left:auto;font-size:.875rem}
.langs a{white-space:nowrap;color:var(--muted);text-decoration:none;padding:4px 8px;border-radius:999px}
.langs a[aria-current]{background:var(--brand-soft);color:var(--brand-strong);font-weight:700}
main{flex:1;padding:16px;display:flex;flex-direction:column;gap:16px}
main:focus{outline:none}
.page-title{font-size:1.25rem;margin:0}
h1{font-size:1.25rem;margin:8px 0}
h2{font-size:1rem;margin:0}
.card{background:var(--surface);border-radius:8px;padding:16px;box-shadow:0 2px 8px rgb(0 0 0 / 8%);margin:0}
.card.plain{background:transparent;box-shadow:none;padding:0}
.center{text-align:center}
.art{display:flex;justify-content:center}
.art.small svg{width:64px;height:64px}
.art.tiny svg{width:32px;height:32px}
.center-art{margin-bottom:8px}
.order-head{display:flex;gap:16px;align-items:center;margin-bottom:8px}
.label{color:var(--muted);font-size:.8125rem;margin:0;font-weight:400}
.merchant{font-weight:700;font-size:1.125rem;margin:0}
.items{width:100%;border-collapse:collapse;font-size:.875rem;margin:8px 0}
.items caption{text-align:left;color:var(--muted);font-size:.8125rem}
.items th,.items td{padding:4px 0;border-bottom:1px solid var(--border);text-align:left}
.items .num{text-align:right}
.facts{margin:8px 0;font-size:.875rem}
.facts div{display:flex;justify-content:space-between;gap:16px;padding:4px 0;border-bottom:1px solid var(--border)}
.facts dt{color:var(--muted)}.facts dd{margin:0;text-align:right;word-break:break-all}
.total{display:flex;justify-content:space-between;align-items:baseline;margin:8px 0 0}
.total strong,.big-amount{font-size:1.5rem;font-weight:700}
.big-amount{margin:0}
fieldset{border:0;padding:0;margin:0}
legend{padding:0;margin-bottom:4px}
.users{list-style:none;padding:0;margin:8px 0 16px;display:flex;flex-direction:column;gap:8px}
.user{display:flex;align-items:center;gap:8px;padding:8px 16px;border:1px solid var(--border);border-radius:8px;cursor:pointer}
.user:has(input:checked){border-color:var(--brand);background:var(--brand-soft)}
.user-name{flex:1;font-weight:700}.user-balance{color:var(--muted);font-size:.875rem}
.signed-in .who{display:flex;justify-content:space-between;gap:8px;margin:0 0 4px}
.method{display:flex;justify-content:space-between;margin:0 0 16px}
button,.button{display:block;width:100%;font:inherit;font-family:inherit;font-weight:700;border-radius:999px;padding:12px 16px;border:2px solid transparent;cursor:pointer;text-align:center;text-decoration:none;min-height:48px}
/* white on the brand red is under 4.5:1, so filled buttons use the stronger red (5:1) */
.primary{background:var(--brand-strong);color:#fff}
.primary:hover{background:#b3001f}
.secondary{background:var(--surface);color:var(--text);border-color:var(--border);margin-top:8px}
button.link{background:none;border:0;color:var(--brand-strong);padding:0;min-height:auto;width:auto;text-decoration:underline;font-weight:400}
.alert,.ok{display:flex;gap:8px;border-radius:8px;padding:16px;margin:0}
.alert{background:var(--brand-soft);border:2px solid var(--danger);color:var(--text)}
.ok{background:#e6f4ec;border:2px solid var(--ok)}
.alert p,.ok p{margin:0}
.alert-title{font-weight:700}
.muted{color:var(--muted);font-size:.875rem}
.scopes{padding-left:1.25em}
.user-cards{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:16px}
.user-title{font-size:1.125rem}
.user-balance-line{margin:0 0 8px}
.presets{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0 16px}
.chip{display:inline-flex;align-items:center;gap:4px;border:1px solid var(--border);border-radius:999px;padding:4px 12px;cursor:pointer}
.chip:has(input:checked){border-color:var(--brand);background:var(--brand-soft)}
.note{padding:16px;color:var(--muted);font-size:.75rem;text-align:center}
code{font-family:ui-monospace,'SFMono-Regular',Menlo,Consolas,monospace;font-size:.8125rem}
a{color:var(--brand-strong)}
`
