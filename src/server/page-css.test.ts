import { describe, expect, it } from 'vitest'
import { pageCss } from './page-css.ts'

const css =
  ':root{--red:#f03}*{box-sizing:border-box}.card{color:red}.card .title,.dialog{font-weight:700}.dialog{position:fixed}' +
  'a:hover{color:var(--red)}table td{padding:0}#main>.lead{margin:0}button[aria-pressed="true"]{color:blue}' +
  '.menu:not(.is-open) .item{display:none}html[data-hydrated] .ready{opacity:1}' +
  '@media (min-width:40em){.card{padding:1rem}.dialog{inset:0}}@keyframes spin{to{transform:rotate(1turn)}}'

describe('pageCss', () => {
  const used = pageCss(css)

  it('keeps the rules whose selectors the page can match, in the stylesheet order, media queries included', () => {
    const html = '<html><body><main id="main"><p class="lead">x</p><div class="card x"><h2 class="title">t</h2></div><a href="/">a</a></main></body></html>'
    expect(used(html)).toBe(
      ':root{--red:#f03}*{box-sizing:border-box}.card{color:red}.card .title,.dialog{font-weight:700}a:hover{color:var(--red)}#main>.lead{margin:0}' +
        '@media (min-width:40em){.card{padding:1rem}}@keyframes spin{to{transform:rotate(1turn)}}',
    )
  })

  it('drops rules for elements, attributes and classes the page does not have; does not require what :not() excludes', () => {
    const html = '<div class="menu"><span class="item">i</span></div><button type="button" aria-pressed="false">b</button>'
    const out = used(html)
    expect(out).toContain('.menu:not(.is-open) .item{display:none}')
    expect(out).toContain('button[aria-pressed="true"]{color:blue}')
    expect(out).not.toContain('.dialog')
    expect(out).not.toContain('table td')
    expect(out).not.toContain('data-hydrated')
    expect(out).not.toContain('@media')
  })

  it('trimmed: a selector list keeps the selectors the page can match, unused keyframes go, constant properties are written as values', () => {
    const sheet =
      ':root{--red:#f03;--gap:8px;--set:1px;--alias:var(--red)}.x{--set:2px}.card,.dialog{color:var(--red);gap:var(--gap);margin:var(--set);border-color:var(--alias)}' +
      '.card,.other::-webkit-scrollbar{width:0}.fade{animation:fade .2s}.card{padding:var(--gap)}' +
      '@keyframes fade{to{opacity:1}}@keyframes spin{to{transform:rotate(1turn)}}'
    const trimmed = pageCss(sheet, { trim: true })
    expect(trimmed('<div class="card">c</div>')).toBe(
      ':root{--red:#f03;--gap:8px;--set:1px;--alias:var(--red)}.card{color:#f03;gap:8px;margin:var(--set);border-color:var(--alias)}' +
        '.card,.other::-webkit-scrollbar{width:0}.card{padding:8px}',
    )
    expect(trimmed('<div class="card fade">c</div>')).toContain('@keyframes fade{to{opacity:1}}')
    expect(trimmed('<div class="card fade">c</div>')).not.toContain('spin')
    // what applies only under the pointer comes with the whole sheet
    const hovered = pageCss('.card{color:red}.card:hover,.card[aria-current]{color:blue}.card:hover{color:green}.card:not(:hover){opacity:1}', { trim: true })
    expect(hovered('<div class="card" aria-current="page">c</div>')).toBe('.card{color:red}.card[aria-current]{color:blue}.card:not(:hover){opacity:1}')
    // a property the page's HTML sets on an element is left as it is
    expect(trimmed('<div class="card" style="--gap:4px">c</div>')).toContain('.card{padding:var(--gap)}')
  })
})
