// A small PNG encoder (Node zlib), a flat-grey baseline JPEG encoder and a raster for the example mini app's images (scripts/miniapp-example-images.ts)
// and the validator's tests, which need real files of every kind: RGB, RGBA, grey, palette with tRNS, interlaced.
import { deflateSync } from 'node:zlib'
import { adam7 } from '../../src/domain/miniapp/image.ts'

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  Buffer.from(data).copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

export interface PngOptions {
  width: number
  height: number
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA */
  colourType: 0 | 2 | 3 | 4 | 6
  /** 8 unless told (1, 2, 4 for palette and grey; 16 for the others) */
  bitDepth?: number
  /** samples, row after row, `channels` per pixel (palette: indices), each below 2^bitDepth */
  samples: ArrayLike<number>
  palette?: [number, number, number][]
  trns?: Uint8Array
  /** Adam7 interlacing */
  interlace?: boolean
  /** the filter type written before each scanline (0–4), to exercise the reader's un-filtering */
  filter?: 0 | 1 | 2 | 3 | 4
}

const channelsOf = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const

function paeth(a: number, b: number, c: number) {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

export function encodePng(o: PngOptions): Uint8Array {
  const bitDepth = o.bitDepth ?? 8
  const channels = channelsOf[o.colourType]
  const bitsPerPixel = channels * bitDepth
  const bpp = Math.max(1, bitsPerPixel >> 3)
  const filter = o.filter ?? 0
  /** one scanline of the pixels (x0, y) (x0 + dx, y) … as bytes */
  const line = (y: number, x0: number, dx: number, w: number) => {
    const bytes = new Uint8Array(Math.ceil((w * bitsPerPixel) / 8))
    for (let i = 0; i < w; i++) {
      const x = x0 + i * dx
      for (let ch = 0; ch < channels; ch++) {
        const v = o.samples[(y * o.width + x) * channels + ch]!
        const s = i * channels + ch
        if (bitDepth === 8) bytes[s] = v
        else if (bitDepth === 16) {
          bytes[s * 2] = v >> 8
          bytes[s * 2 + 1] = v & 0xff
        } else {
          const perByte = 8 / bitDepth
          bytes[Math.floor(s / perByte)]! |= v << (8 - bitDepth * ((s % perByte) + 1))
        }
      }
    }
    return bytes
  }
  const rows: number[] = []
  const passes = o.interlace ? adam7 : ([[0, 1, 0, 1]] as const)
  for (const [x0, dx, y0, dy] of passes) {
    const w = Math.ceil((o.width - x0) / dx)
    const h = Math.ceil((o.height - y0) / dy)
    if (w <= 0 || h <= 0) continue
    let previous = new Uint8Array(Math.ceil((w * bitsPerPixel) / 8))
    for (let r = 0; r < h; r++) {
      const raw = line(y0 + r * dy, x0, dx, w)
      const out = raw.map((v, i) => {
        const left = i >= bpp ? raw[i - bpp]! : 0
        const up = previous[i]!
        const upLeft = i >= bpp ? previous[i - bpp]! : 0
        const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!
        return (v - predictor) & 0xff
      })
      rows.push(filter, ...out)
      previous = raw
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(o.width, 0)
  ihdr.writeUInt32BE(o.height, 4)
  ihdr[8] = bitDepth
  ihdr[9] = o.colourType
  ihdr[12] = o.interlace ? 1 : 0
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)]
  if (o.palette) parts.push(chunk('PLTE', Uint8Array.from(o.palette.flat())))
  if (o.trns) parts.push(chunk('tRNS', o.trns))
  parts.push(chunk('IDAT', deflateSync(Uint8Array.from(rows))), chunk('IEND', new Uint8Array(0)))
  return new Uint8Array(Buffer.concat(parts))
}

export type Rgba = [number, number, number, number]

/** An RGBA raster drawn with simple shapes (each pixel sampled 4 times at its corners' quarter points). */
export class Raster {
  readonly pixels: Uint8Array
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgba,
  ) {
    this.pixels = new Uint8Array(width * height * 4)
    for (let i = 0; i < width * height; i++) this.pixels.set(background, i * 4)
  }

  /** Paints where `inside(x, y)` holds (x, y in pixels, continuous), blending by coverage. */
  fill(inside: (x: number, y: number) => boolean, colour: Rgba, box = { x0: 0, y0: 0, x1: this.width, y1: this.height }): this {
    const offsets = [0.25, 0.75]
    for (let y = Math.max(0, Math.floor(box.y0)); y < Math.min(this.height, Math.ceil(box.y1)); y++) {
      for (let x = Math.max(0, Math.floor(box.x0)); x < Math.min(this.width, Math.ceil(box.x1)); x++) {
        let hits = 0
        for (const oy of offsets) for (const ox of offsets) if (inside(x + ox, y + oy)) hits++
        if (!hits) continue
        const a = (colour[3] / 255) * (hits / 4)
        const i = (y * this.width + x) * 4
        const da = this.pixels[i + 3]! / 255
        const outA = a + da * (1 - a)
        for (let ch = 0; ch < 3; ch++) {
          this.pixels[i + ch] = outA === 0 ? 0 : Math.round((colour[ch]! * a + this.pixels[i + ch]! * da * (1 - a)) / outA)
        }
        this.pixels[i + 3] = Math.round(outA * 255)
      }
    }
    return this
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgba, radius = 0): this {
    return this.fill(
      (px, py) => {
        if (px < x || px > x + w || py < y || py > y + h) return false
        if (radius <= 0) return true
        const cx = Math.min(Math.max(px, x + radius), x + w - radius)
        const cy = Math.min(Math.max(py, y + radius), y + h - radius)
        return (px - cx) ** 2 + (py - cy) ** 2 <= radius ** 2
      },
      colour,
      { x0: x, y0: y, x1: x + w + 1, y1: y + h + 1 },
    )
  }

  circle(cx: number, cy: number, r: number, colour: Rgba): this {
    return this.fill((px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r, colour, { x0: cx - r, y0: cy - r, x1: cx + r + 1, y1: cy + r + 1 })
  }

  /** A triangle through three points. */
  triangle(a: [number, number], b: [number, number], c: [number, number], colour: Rgba): this {
    const side = (p: [number, number], q: [number, number], x: number, y: number) => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])
    const xs = [a[0], b[0], c[0]]
    const ys = [a[1], b[1], c[1]]
    return this.fill(
      (x, y) => {
        const s1 = side(a, b, x, y)
        const s2 = side(b, c, x, y)
        const s3 = side(c, a, x, y)
        return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
      },
      colour,
      { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs) + 1, y1: Math.max(...ys) + 1 },
    )
  }

  /** RGBA PNG (keeps transparency). */
  toPngRgba(): Uint8Array {
    return encodePng({ width: this.width, height: this.height, colourType: 6, samples: this.pixels })
  }

  /** RGB PNG without alpha (the raster must be opaque). */
  toPngRgb(): Uint8Array {
    const rgb = new Uint8Array(this.width * this.height * 3)
    for (let i = 0; i < this.width * this.height; i++) {
      if (this.pixels[i * 4 + 3] !== 255) throw new Error('toPngRgb: the raster has a transparent pixel')
      rgb.set(this.pixels.subarray(i * 4, i * 4 + 3), i * 3)
    }
    return encodePng({ width: this.width, height: this.height, colourType: 2, samples: rgb, filter: 1 })
  }
}

/**
 * A real baseline JPEG of one flat mid-grey (one component, 8-bit): quantisation table of ones, Huffman tables of a
 * single code each (DC difference 0, end of block), so every 8×8 block is two bits. Decoders show a grey image; the
 * validator's tests need JPEG files of given sizes.
 */
export function encodeGreyJpeg(width: number, height: number): Uint8Array {
  const segment = (marker: number, data: number[]) => [0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data]
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8)
  const bits = blocks * 2
  const scan = new Array<number>(Math.ceil(bits / 8)).fill(0)
  if (bits % 8) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1 // pad the last byte with ones
  const huffman = (tableClass: number) => [(tableClass << 4) | 0, 1, ...new Array<number>(15).fill(0), 0]
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF
    ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [...huffman(0), ...huffman(1)]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ])
}
