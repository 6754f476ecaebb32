// `npm start`: builds the portal when its sources changed, applies migrations and serves everything on PORT.
import { buildWeb } from './build-web.ts'
import cluster from 'node:cluster'
import { startOrExit } from '../src/server/main.ts'

// WORKERS=n: the primary builds once; the workers it forks only serve
if (cluster.isPrimary) {
  const started = performance.now()
  if (await buildWeb()) console.log(`built the portal in ${Math.round(performance.now() - started)} ms`)
}
await startOrExit()
