/**
 * PNG and JPEG reader for the validator: dimensions from the headers, and for PNG whether the image can be
 * transparent (an alpha channel or a tRNS chunk) and whether it actually is (a pixel whose alpha is below the
 * maximum). Pure TypeScript for the browser and Node ≥ 18 alike: the pixel data is inflated with
 * `DecompressionStream('deflate')` (zlib format, RFC 1950) and the scanlines are un-filtered here.
 */

export interface ImageInfo {
  format: 'png' | 'jpeg'
  width: number
  height: number
  /** PNG only: colour type with an alpha channel (4 grey + alpha, 6 RGBA) or a tRNS chunk. */
  mayBeTransparent: boolean
}

interface PngHeader {
  width: number
  height: number
  bitDepth: number
  colourType: number
  interlace: number
  /** the tRNS chunk's bytes, when there is one */
  trns?: Uint8Array
  /** the IDAT chunks' bytes, concatenated */
  idat: Uint8Array
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const u32 = (b: Uint8Array, o: number) => ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0
const u16 = (b: Uint8Array, o: number) => (b[o]! << 8) | b[o + 1]!

function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && pngSignature.every((v, i) => bytes[i] === v)
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
}

function readPngHeader(bytes: Uint8Array): PngHeader | undefined {
  if (!isPng(bytes)) return undefined
  let offset = 8
  let header: Omit<PngHeader, 'idat' | 'trns'> | undefined
  let trns: Uint8Array | undefined
  const idat: Uint8Array[] = []
  while (offset + 8 <= bytes.length) {
    const length = u32(bytes, offset)
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8))
    const data = bytes.subarray(offset + 8, offset + 8 + length)
    if (data.length < length) break
    if (type === 'IHDR' && length >= 13) {
      header = { width: u32(data, 0), height: u32(data, 4), bitDepth: data[8]!, colourType: data[9]!, interlace: data[12]! }
    } else if (type === 'tRNS') trns = data
    else if (type === 'IDAT') idat.push(data)
    else if (type === 'IEND') break
    offset += 12 + length
  }
  if (!header) return undefined
  const total = idat.reduce((n, c) => n + c.length, 0)
  const joined = new Uint8Array(total)
  let at = 0
  for (const c of idat) {
    joined.set(c, at)
    at += c.length
  }
  return { ...header, trns, idat: joined }
}

function readJpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let offset = 2
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined
    const marker = bytes[offset + 1]!
    if (marker === 0xff) {
      offset++ // fill byte
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2 // markers without a length
      continue
    }
    const length = u16(bytes, offset + 2)
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (offset + 9 > bytes.length) return undefined
      return { height: u16(bytes, offset + 5), width: u16(bytes, offset + 7) }
    }
    if (marker === 0xda || marker === 0xd9) return undefined // scan data before any frame header
    offset += 2 + length
  }
  return undefined
}

/** The format and dimensions of a PNG or JPEG file; undefined for anything else (or a truncated header). */
export function readImageInfo(bytes: Uint8Array): ImageInfo | undefined {
  const png = readPngHeader(bytes)
  if (png) return { format: 'png', width: png.width, height: png.height, mayBeTransparent: png.colourType === 4 || png.colourType === 6 || !!png.trns }
  if (isJpeg(bytes)) {
    const size = readJpegSize(bytes)
    return size && { format: 'jpeg', ...size, mayBeTransparent: false }
  }
  return undefined
}

/** Inflates zlib data with the platform's DecompressionStream. */
export async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

const channelsOf: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/**
 * Un-filters one (sub-)image of `height` rows of `rowBytes` bytes starting at `offset` of the inflated data; calls
 * `row` with each un-filtered scanline. Returns the offset after the image, or -1 when the data is short or a
 * filter type is unknown.
 */
function unfilter(data: Uint8Array, offset: number, rowBytes: number, height: number, bpp: number, row: (line: Uint8Array) => void): number {
  let previous = new Uint8Array(rowBytes)
  for (let y = 0; y < height; y++) {
    if (offset + 1 + rowBytes > data.length) return -1
    const filter = data[offset]!
    const line = data.slice(offset + 1, offset + 1 + rowBytes)
    for (let i = 0; i < rowBytes; i++) {
      const left = i >= bpp ? line[i - bpp]! : 0
      const up = previous[i]!
      const upLeft = i >= bpp ? previous[i - bpp]! : 0
      switch (filter) {
        case 0:
          break
        case 1:
          line[i] = (line[i]! + left) & 0xff
          break
        case 2:
          line[i] = (line[i]! + up) & 0xff
          break
        case 3:
          line[i] = (line[i]! + ((left + up) >> 1)) & 0xff
          break
        case 4:
          line[i] = (line[i]! + paeth(left, up, upLeft)) & 0xff
          break
        default:
          return -1
      }
    }
    row(line)
    previous = line
    offset += 1 + rowBytes
  }
  return offset
}

/** Adam7 passes: start and step of x and y. */
export const adam7 = [
  [0, 8, 0, 8],
  [4, 8, 0, 8],
  [0, 4, 4, 8],
  [2, 4, 0, 4],
  [0, 2, 2, 4],
  [1, 2, 0, 2],
  [0, 1, 1, 2],
] as const

/** Reads the sample at `index` (in samples) of a scanline of `bitDepth` bits per sample. */
function sample(line: Uint8Array, index: number, bitDepth: number): number {
  if (bitDepth === 8) return line[index]!
  if (bitDepth === 16) return (line[index * 2]! << 8) | line[index * 2 + 1]!
  const perByte = 8 / bitDepth
  const byte = line[Math.floor(index / perByte)]!
  const shift = 8 - bitDepth * ((index % perByte) + 1)
  return (byte >> shift) & ((1 << bitDepth) - 1)
}

/**
 * Whether a PNG has a pixel that is not fully opaque: an alpha sample below the maximum (colour types 4 and 6), a
 * palette entry with tRNS alpha below 255 that a pixel uses (type 3), or a pixel equal to the tRNS colour key
 * (types 0 and 2). Undefined when the file is not a PNG or its pixel data cannot be read; false for JPEG-like
 * opaque formats is the caller's business. Only call this on images of a bounded size (the validator checks the
 * dimensions first): the whole image is inflated.
 */
export async function pngHasTransparentPixel(bytes: Uint8Array): Promise<boolean | undefined> {
  const png = readPngHeader(bytes)
  if (!png) return undefined
  const { width, height, bitDepth, colourType, trns } = png
  const channels = channelsOf[colourType]
  if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth)) return undefined
  const hasAlphaChannel = colourType === 4 || colourType === 6
  if (!hasAlphaChannel && !trns) return false
  let data: Uint8Array
  try {
    data = await inflate(png.idat)
  } catch {
    return undefined
  }
  const bitsPerPixel = channels * bitDepth
  const bpp = Math.max(1, bitsPerPixel >> 3)
  const max = (1 << bitDepth) - 1
  let transparent = false
  const check = (line: Uint8Array, w: number) => {
    if (transparent) return
    for (let x = 0; x < w; x++) {
      if (hasAlphaChannel) {
        if (sample(line, x * channels + channels - 1, bitDepth) < max) return void (transparent = true)
      } else if (colourType === 3) {
        const index = sample(line, x, bitDepth)
        if (index < trns!.length && trns![index]! < 255) return void (transparent = true)
      } else if (colourType === 0) {
        if (trns!.length >= 2 && sample(line, x, bitDepth) === u16(trns!, 0)) return void (transparent = true)
      } else if (trns!.length >= 6) {
        const [r, g, b] = [0, 1, 2].map((c) => sample(line, x * 3 + c, bitDepth))
        if (r === u16(trns!, 0) && g === u16(trns!, 2) && b === u16(trns!, 4)) return void (transparent = true)
      }
    }
  }
  const passes = png.interlace === 1 ? adam7 : ([[0, 1, 0, 1]] as const)
  let offset = 0
  for (const [x0, dx, y0, dy] of passes) {
    const w = Math.ceil((width - x0) / dx)
    const h = Math.ceil((height - y0) / dy)
    if (w <= 0 || h <= 0) continue
    offset = unfilter(data, offset, Math.ceil((w * bitsPerPixel) / 8), h, bpp, (line) => check(line, w))
    if (offset < 0) return undefined
    if (transparent) return true
  }
  return transparent
}
