// `npm start`: builds the portal when its sources changed, applies migrations and serves everything on PORT.
import { buildWeb } from './build-web.ts'
import { startServer } from '../src/server/main.ts'

const started = performance.now()
if (await buildWeb()) console.log(`built the portal in ${Math.round(performance.now() - started)} ms`)
await startServer()
