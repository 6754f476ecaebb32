// `npm run build` (and `npm test`'s build step): the portal (scripts/build-web.ts), the server (scripts/build-server.ts)
// and the `paylab` command line (scripts/build-cli.ts).
// `--if-stale`: only what is missing or older than its inputs (`npm start`, scripts/start.js).
import { buildCli } from './build-cli.ts'
import { buildServer } from './build-server.ts'
import { buildWeb } from './build-web.ts'

const force = !process.argv.includes('--if-stale')
for (const [name, run] of [
  ['portal', buildWeb],
  ['server', buildServer],
  ['command line', buildCli],
] as const) {
  const started = performance.now()
  if (await run({ force })) console.log(`built the ${name} in ${Math.round(performance.now() - started)} ms`)
}
