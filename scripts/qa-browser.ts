// `npm run qa:browser [--json] [--verbose]`: what the last browser run did, replayed on the machines
// (scripts/lib/browser-replay.ts): per machine the steps recorded, the transitions taken, those no browser test
// took, and any unmodelled step. Exits 1 on an unmodelled step. `npm test` runs the same check after Playwright.
import { parseArgs } from 'node:util'
import { discoverMachines } from './statechart.ts'
import { browserReportText, readRecording, replayRecording } from './lib/browser-replay.ts'

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } } })
const recorded = readRecording()
const reports = replayRecording(await discoverMachines(), recorded)
if (values.json) process.stdout.write(`${JSON.stringify({ steps: recorded.length, machines: reports }, null, 2)}\n`)
else process.stdout.write(recorded.length ? browserReportText(reports, values.verbose) : 'nothing recorded: run the browser tests first\n')
process.exit(reports.some((r) => r.unmodelled.length) ? 1 : 0)
