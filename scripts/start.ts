// `npm start`: builds the portal when its sources changed, applies migrations and serves everything on PORT.
import cluster from 'node:cluster'
import { buildWeb } from './build-web.ts'

// WORKERS=n: the primary builds once; the workers it forks only serve
if (cluster.isPrimary) {
  const started = performance.now()
  if (await buildWeb()) console.log(`built the portal in ${Math.round(performance.now() - started)} ms`)
}
// loaded once buildWeb has compiled the message catalogs (scripts/compile-catalogs.ts): the server imports them
const { startOrExit } = await import('../src/server/main.ts')
await startOrExit()
