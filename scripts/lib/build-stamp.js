// Whether a build is current, without loading a bundler: `npm start` (scripts/start.js) asks this before it runs the
// built server, so it is plain JavaScript. A build writes a stamp beside its output listing every input it read (files
// and the folders holding them: a folder's time changes when a file is added to it or removed); the build is current
// while every listed input exists and none changed after the build began.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/** @param {string} path @returns {number} modification time, 0 when missing */
function mtime(path) {
  try {
    return statSync(path).mtimeMs
  } catch {
    return 0
  }
}

/**
 * Writes the stamp: `sources` (their folders are watched too) and `others` (files alone), relative to the working
 * directory; `startedAt` the time the build began (an input edited during the build makes it stale at once).
 * @param {string} stampFile @param {{ sources: string[], others?: string[] }} inputs @param {number} startedAt
 */
export function writeStamp(stampFile, { sources, others = [] }, startedAt) {
  const folders = sources.map((file) => dirname(file))
  mkdirSync(dirname(stampFile), { recursive: true })
  writeFileSync(stampFile, `${JSON.stringify({ startedAt, inputs: [...new Set([...sources, ...folders, ...others])].sort() })}\n`)
}

/**
 * Why the build is not current (the first changed or missing input, or a missing stamp), or undefined when it is.
 * Paths are relative to `root` (the working directory of the build).
 * @param {string} stampFile @param {string[]} outputs files the build must have produced @param {string} root
 * @returns {string | undefined}
 */
export function staleReason(stampFile, outputs = [], root = '.') {
  /** @type {{ startedAt: number, inputs: string[] }} */
  let stamp
  try {
    stamp = JSON.parse(readFileSync(resolve(root, stampFile), 'utf8'))
  } catch {
    return `no ${stampFile}`
  }
  for (const output of outputs) if (!mtime(resolve(root, output))) return `no ${output}`
  for (const input of stamp.inputs) {
    const time = mtime(resolve(root, input))
    if (!time) return `${input} is gone`
    if (time >= stamp.startedAt) return `${input} changed`
  }
  return undefined
}
