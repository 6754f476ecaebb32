import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createHighlighterCore, type HighlighterCore } from 'shiki/core'
import { createOnigurumaEngine } from 'shiki/engine/oniguruma'
import bash from 'shiki/langs/bash.mjs'
import http from 'shiki/langs/http.mjs'
import java from 'shiki/langs/java.mjs'
import javascript from 'shiki/langs/javascript.mjs'
import json from 'shiki/langs/json.mjs'
import php from 'shiki/langs/php.mjs'
import python from 'shiki/langs/python.mjs'
import typescript from 'shiki/langs/typescript.mjs'
import xml from 'shiki/langs/xml.mjs'
import yaml from 'shiki/langs/yaml.mjs'
import githubLightHighContrast from 'shiki/themes/github-light-high-contrast.mjs'
import type { CodeToken } from '@/domain/content.ts'

/**
 * Server-side highlighting (the portal ships no highlighter): only the languages the docs use and one theme, on
 * the Oniguruma (WASM) engine — the JavaScript regex engine was about 10× slower on these grammars. Built once;
 * `prepareHighlighter()` must have finished before `highlight()` runs (the content library awaits it).
 */
let highlighter: HighlighterCore | undefined
let preparing: Promise<void> | undefined

const shikiLanguage: Record<string, string> = {
  python: 'python',
  nodejs: 'javascript',
  javascript: 'javascript',
  typescript: 'typescript',
  ts: 'typescript',
  java: 'java',
  php: 'php',
  json: 'json',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  http: 'http',
  xml: 'xml',
  html: 'xml',
  yaml: 'yaml',
  yml: 'yaml',
}

export function prepareHighlighter(): Promise<void> {
  preparing ??= createHighlighterCore({
    themes: [githubLightHighContrast], // its colours pass WCAG AA contrast on the light code background
    langs: [python, javascript, typescript, java, php, json, bash, http, xml, yaml],
    // the file itself: shiki's inlined-WASM loader calls Response.bytes(), which Node 20 lacks
    engine: createOnigurumaEngine(readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'))),
  }).then((instance) => {
    highlighter = instance
  })
  return preparing
}

function instance(): HighlighterCore {
  if (!highlighter) throw new Error('highlight() before prepareHighlighter() finished')
  return highlighter
}

/** Lines of coloured tokens; unknown languages come back as plain text lines. */
export function highlight(code: string, language: string): CodeToken[][] {
  const lang = shikiLanguage[language]
  if (!lang) return code.split('\n').map((line) => [{ t: line }])
  const { tokens, fg } = instance().codeToTokens(code, { lang, theme: 'github-light-high-contrast' })
  const plain = fg?.toLowerCase()
  return tokens.map((line) =>
    line.map((token) => (token.color && token.color.toLowerCase() !== plain ? { t: token.content, c: token.color } : { t: token.content })),
  )
}
