// Draws the example mini app's images (src/content/miniapps/cake-shop/images/): our own simple shapes, written as
// PNG with Node's zlib so they are reproducible. `npx tsx scripts/miniapp-example-images.ts` rewrites them.
// Sizes of spec §5: app icon 300×300 (opaque, no alpha channel), tab icons 24×24, previews 690×690, header 1125×465.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Raster, type Rgba } from './lib/image-encode.ts'

export const exampleAppDir = 'src/content/miniapps/cake-shop'

const pink: Rgba = [240, 106, 140, 255]
const deepPink: Rgba = [214, 69, 108, 255]
const cream: Rgba = [255, 244, 230, 255]
const sponge: Rgba = [236, 196, 140, 255]
const chocolate: Rgba = [122, 74, 50, 255]
const white: Rgba = [255, 255, 255, 255]
const grey: Rgba = [140, 140, 140, 255]
const ink: Rgba = [60, 48, 52, 255]
const flame: Rgba = [255, 184, 48, 255]
const mint: Rgba = [120, 200, 170, 255]

/** A layered cake whose base is centred on (cx, baseY), `s` pixels per unit (the cake is 10 units wide). */
function cake(r: Raster, cx: number, baseY: number, s: number, top: Rgba = pink) {
  const w = 10 * s
  r.rect(cx - w / 2 - s, baseY - 0.6 * s, w + 2 * s, 0.6 * s, white, 0.3 * s) // plate
  r.rect(cx - w / 2, baseY - 6.6 * s, w, 6 * s, sponge, 0.6 * s)
  r.rect(cx - w / 2, baseY - 4 * s, w, 1 * s, cream)
  r.rect(cx - w / 2, baseY - 7.2 * s, w, 2 * s, top, 0.8 * s) // icing
  for (let i = 0; i < 5; i++) r.circle(cx - w / 2 + s + i * 2 * s, baseY - 5.2 * s, 0.9 * s, top) // drips
  r.rect(cx - 0.35 * s, baseY - 10 * s, 0.7 * s, 2.8 * s, white) // candle
  r.circle(cx, baseY - 10.6 * s, 0.6 * s, flame)
  r.triangle([cx - 0.55 * s, baseY - 10.5 * s], [cx + 0.55 * s, baseY - 10.5 * s], [cx, baseY - 12 * s], flame)
  r.circle(cx - 3 * s, baseY - 7.6 * s, 0.8 * s, deepPink) // strawberries
  r.circle(cx + 3 * s, baseY - 7.6 * s, 0.8 * s, deepPink)
}

/** A bar standing for a line of text. */
const textBar = (r: Raster, x: number, y: number, w: number, h: number, colour: Rgba = ink) => r.rect(x, y, w, h, colour, h / 2)

function appIcon(): Uint8Array {
  const r = new Raster(300, 300, pink)
  r.circle(150, 150, 118, cream)
  cake(r, 150, 222, 13)
  return r.toPngRgb()
}

function header(): Uint8Array {
  const r = new Raster(1125, 465, cream)
  r.rect(0, 360, 1125, 105, pink)
  for (let x = 0; x < 1125; x += 90) r.circle(x + 45, 360, 45, pink) // scalloped awning edge
  r.circle(980, 90, 50, [255, 214, 120, 255])
  cake(r, 260, 360, 18, pink)
  cake(r, 560, 360, 24, chocolate)
  cake(r, 860, 360, 16, mint)
  return r.toPngRgb()
}

function previewMenu(): Uint8Array {
  const r = new Raster(690, 690, cream)
  r.rect(0, 0, 690, 110, pink)
  textBar(r, 40, 40, 260, 30, white)
  ;[pink, chocolate, mint].forEach((top, i) => {
    const y = 150 + i * 175
    r.rect(30, y, 630, 150, white, 16)
    cake(r, 120, y + 135, 8, top)
    textBar(r, 220, y + 40, 260, 24)
    textBar(r, 220, y + 84, 160, 20, grey)
    r.rect(520, y + 50, 110, 50, pink, 25)
  })
  return r.toPngRgb()
}

function previewPayment(): Uint8Array {
  const r = new Raster(690, 690, pink)
  r.rect(60, 80, 570, 530, white, 24)
  cake(r, 345, 330, 17)
  textBar(r, 185, 380, 320, 36)
  textBar(r, 245, 440, 200, 24, grey)
  r.rect(120, 510, 450, 70, deepPink, 35)
  textBar(r, 270, 535, 150, 20, white)
  return r.toPngRgb()
}

function previewTicket(): Uint8Array {
  const r = new Raster(690, 690, mint)
  r.rect(110, 70, 470, 550, white, 24)
  // a code-like grid of our own pattern (not a readable code)
  const cell = 14
  const origin = { x: 345 - 12 * cell, y: 120 }
  let seed = 7
  const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed / 0x7fffffff)
  for (let y = 0; y < 24; y++) for (let x = 0; x < 24; x++) if (next() < 0.45) r.rect(origin.x + x * cell, origin.y + y * cell, cell, cell, ink)
  for (const [fx, fy] of [
    [0, 0],
    [17, 0],
    [0, 17],
  ]) {
    r.rect(origin.x + fx! * cell, origin.y + fy! * cell, 7 * cell, 7 * cell, ink)
    r.rect(origin.x + (fx! + 1) * cell, origin.y + (fy! + 1) * cell, 5 * cell, 5 * cell, white)
    r.rect(origin.x + (fx! + 2) * cell, origin.y + (fy! + 2) * cell, 3 * cell, 3 * cell, ink)
  }
  textBar(r, 215, 490, 260, 30)
  textBar(r, 265, 545, 160, 22, grey)
  return r.toPngRgb()
}

/** The tab icons, 24×24 on a transparent background: grey, and pink when selected. */
const tabIcons: Record<string, (r: Raster, c: Rgba) => void> = {
  shop: (r, c) => {
    r.rect(3, 4, 18, 5, c, 1) // awning
    r.rect(4, 9, 16, 11, c)
    r.fill((x, y) => x >= 9 && x <= 15 && y >= 13 && y <= 20, [255, 255, 255, 255])
  },
  cake: (r, c) => {
    r.triangle([3, 20], [21, 20], [21, 8], c)
    r.rect(3, 20, 18, 1.5, c)
    r.circle(20, 6, 2, c)
  },
  ticket: (r, c) =>
    void r.fill((x, y) => x >= 2 && x <= 22 && y >= 6 && y <= 18 && (x - 2) ** 2 + (y - 12) ** 2 > 6.25 && (x - 22) ** 2 + (y - 12) ** 2 > 6.25, c),
  profile: (r, c) => {
    r.circle(12, 8, 4.5, c)
    r.fill((x, y) => y <= 21 && y >= 14 && ((x - 12) / 8) ** 2 + ((y - 21) / 7) ** 2 <= 1, c)
  },
}

function tabIcon(draw: (r: Raster, c: Rgba) => void, colour: Rgba): Uint8Array {
  const r = new Raster(24, 24, [0, 0, 0, 0])
  draw(r, colour)
  return r.toPngRgba()
}

export function exampleImages(): Record<string, Uint8Array> {
  const images: Record<string, Uint8Array> = {
    'images/icon.png': appIcon(),
    'images/header.png': header(),
    'images/preview-menu.png': previewMenu(),
    'images/preview-payment.png': previewPayment(),
    'images/preview-ticket.png': previewTicket(),
  }
  for (const [name, draw] of Object.entries(tabIcons)) {
    images[`images/tabs/${name}.png`] = tabIcon(draw, grey)
    images[`images/tabs/${name}-selected.png`] = tabIcon(draw, pink)
  }
  return images
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [path, bytes] of Object.entries(exampleImages())) {
    const file = join(exampleAppDir, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, bytes)
    console.log(`${file} (${bytes.length} bytes)`)
  }
}
