// `npm run bench:search`: server time per search query (p50/p95/max) over a fixed query set in both languages,
// measured on the real index built from src/content (the same code the /dev/config/search handler calls).
// Budget (docs/architecture.md §6): p95 ≤ 10 ms. One run on this machine; not a test.
import { loadavg } from 'node:os'
import type { Lang } from '../src/domain/i18n.ts'
import { library } from '../src/server/content/library.ts'
import { buildSearchIndex } from '../src/server/content/search.ts'

const queries: Record<Lang, string[]> = {
  ja: [
    '決済',
    '返金',
    'QRコード',
    '支払い',
    'キャッシャー',
    'ミニアプリ',
    '署名',
    'ウェブペイメント',
    '残高',
    'エラー',
    '仮売上',
    '通知',
    'ユーザー認可',
    'タイムアウト',
    'zzqx',
  ],
  en: [
    'payment',
    'refund',
    'QR code',
    'cashier',
    'mini app',
    'signature',
    'web payment',
    'balance',
    'error',
    'preauth',
    'notification',
    'user authorization',
    'timeout',
    'webhook',
    'zzqx',
  ],
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 50)

const loadStarted = performance.now()
const lib = await library()
const index = buildSearchIndex(lib)
console.log(
  `content: ${lib.pages('ja').length} ja + ${lib.pages('en').length} en pages, loaded and indexed in ${Math.round(performance.now() - loadStarted)} ms`,
)
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}; ${rounds} rounds per query`,
)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
for (const lang of ['ja', 'en'] as const) {
  for (const q of queries[lang]) index.search(lang, q) // warm-up
  const times: number[] = []
  let hits = 0
  for (let r = 0; r < rounds; r++) {
    for (const q of queries[lang]) {
      const started = performance.now()
      const results = index.search(lang, q)
      times.push(performance.now() - started)
      if (r === 0) hits += results.length
    }
  }
  times.sort((a, b) => a - b)
  console.log(
    `${lang}: ${times.length} queries, ${hits} results in the first round — p50 ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms, max ${times[times.length - 1]!.toFixed(3)} ms`,
  )
}
