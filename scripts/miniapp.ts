/**
 * `npm run miniapp -- <folder>` (issue 21): runs a mini app you are writing in the studio of a running PayLab. The
 * folder is uploaded as a new app, the studio's URL printed (`/miniapp/studio?app=<appId>`), and every change you
 * save is pushed again: the studio's phone reloads. Ctrl-C stops it.
 *
 * Options (flags win over the environment):
 *   --base URL    the PayLab server    PAYLAB_BASE_URL    (default http://localhost:3000)
 *   --once        upload once and exit (CI)
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { pushAndWatch, uploadFolder } from './miniapp-push.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: 'string' }, once: { type: 'boolean', default: false } },
})
const folder = positionals[0]
if (!folder) {
  console.error('usage: npm run miniapp -- <folder> [--base URL] [--once]')
  process.exit(2)
}
const base = (values.base ?? process.env.PAYLAB_BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '')

try {
  if (values.once) {
    const up = await uploadFolder({ folder: resolve(folder), base })
    console.log(`Uploaded ${folder} as ${up.appId}\nOpen the studio: ${up.studioUrl}`)
  } else {
    const handle = await pushAndWatch({ folder: resolve(folder), base })
    console.log('Watching for changes (Ctrl-C to stop)')
    process.on('SIGINT', () => {
      handle.close()
      process.exit(0)
    })
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
