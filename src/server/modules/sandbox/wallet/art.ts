import { raw } from 'hono/html'

/**
 * The wallet's own artwork, drawn for PayLab (no provider images). Decorative pictures are `aria-hidden`;
 * the text beside them says the same thing.
 */
const svg = (body: string, size = 96, label?: string) =>
  raw(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="${size}" height="${size}" ${
      label ? `role="img" aria-label="${label}"` : 'aria-hidden="true" focusable="false"'
    }>${body}</svg>`,
  )

/** A red card with a wallet and a coin: the wallet's mark in the header. */
export const logoMark = (label: string) =>
  svg(
    `<rect x="4" y="4" width="88" height="88" rx="22" fill="#ff0033"/>
     <rect x="20" y="30" width="56" height="40" rx="8" fill="#fff"/>
     <path d="M20 38c0-6 4-10 10-11l34-6c4-1 7 2 7 6v3H28" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
     <rect x="52" y="42" width="24" height="16" rx="8" fill="#ff0033"/>
     <circle cx="60" cy="50" r="4" fill="#fff"/>`,
    32,
    label,
  )

/** A receipt with a cake slice on it: the order summary. */
export const receiptArt = () =>
  svg(
    `<path d="M22 10h52v76l-7-5-6 5-7-5-6 5-6-5-7 5-6-5-7 5z" fill="#fff" stroke="#e3e5e8" stroke-width="3" stroke-linejoin="round"/>
     <path d="M34 46l28-12v14H34z" fill="#ffd6de"/>
     <path d="M34 48h28v12H34z" fill="#fff0f3" stroke="#ff0033" stroke-width="2"/>
     <path d="M34 54h28" stroke="#ff0033" stroke-width="2"/>
     <circle cx="55" cy="31" r="4" fill="#ff0033"/>
     <path d="M55 27c0-4 3-6 5-7" stroke="#0a7d3b" stroke-width="2" fill="none" stroke-linecap="round"/>
     <path d="M32 68h32M32 75h20" stroke="#c7cbd1" stroke-width="3" stroke-linecap="round"/>`,
    72,
  )

/** A green check in a circle with a few confetti dots: payment complete. */
export const successArt = () =>
  svg(
    `<circle cx="48" cy="50" r="30" fill="#e6f4ec"/>
     <circle cx="48" cy="50" r="22" fill="#0a7d3b"/>
     <path d="M37 50l8 8 15-16" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
     <circle cx="14" cy="22" r="4" fill="#ff0033"/><circle cx="82" cy="18" r="3" fill="#1a5fd0"/>
     <rect x="76" y="70" width="8" height="8" rx="2" fill="#ffb020" transform="rotate(20 80 74)"/>
     <rect x="10" y="70" width="7" height="7" rx="2" fill="#1a5fd0" transform="rotate(-15 13 73)"/>`,
  )

/** An hourglass: expired. */
export const expiredArt = () =>
  svg(
    `<circle cx="48" cy="48" r="40" fill="#f5f6f8"/>
     <path d="M32 20h32M32 76h32" stroke="#5f6368" stroke-width="5" stroke-linecap="round"/>
     <path d="M35 22c0 16 26 16 26 26S35 58 35 74M61 22c0 16-26 16-26 26s26 10 26 26" fill="none" stroke="#5f6368" stroke-width="4"/>
     <path d="M40 70c2-6 14-6 16 0z" fill="#a35200"/>`,
  )

/** A circle with an exclamation mark: errors and refusals. */
export const alertArt = () =>
  svg(
    `<circle cx="48" cy="48" r="40" fill="#fff0f3"/>
     <circle cx="48" cy="48" r="28" fill="#c4001f"/>
     <path d="M48 32v20" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
     <circle cx="48" cy="64" r="4.5" fill="#fff"/>`,
  )

/** A crossed-out coin: canceled or deleted. */
export const canceledArt = () =>
  svg(
    `<circle cx="48" cy="48" r="40" fill="#f5f6f8"/>
     <circle cx="48" cy="48" r="24" fill="#fff" stroke="#5f6368" stroke-width="5"/>
     <path d="M40 40l16 16M56 40L40 56" stroke="#5f6368" stroke-width="5" stroke-linecap="round"/>`,
  )

/** Two linked rounded rings, one red: account linking. */
export const linkArt = () =>
  svg(
    `<circle cx="48" cy="48" r="40" fill="#fff0f3"/>
     <rect x="16" y="38" width="38" height="22" rx="11" fill="none" stroke="#ff0033" stroke-width="6"/>
     <rect x="42" y="36" width="38" height="22" rx="11" fill="none" stroke="#2b2b2b" stroke-width="6"/>`,
  )

/** A small stack of coins: balances and top-up. */
export const coinsArt = () =>
  svg(
    `<ellipse cx="48" cy="70" rx="26" ry="8" fill="#ffb020"/>
     <path d="M22 62v8c0 4 12 8 26 8s26-4 26-8v-8" fill="#f59e0b"/>
     <ellipse cx="48" cy="62" rx="26" ry="8" fill="#ffc94d"/>
     <path d="M22 48v10c0 4 12 8 26 8s26-4 26-8V48" fill="#f59e0b"/>
     <ellipse cx="48" cy="48" rx="26" ry="8" fill="#ffd97a"/>
     <path d="M42 44l6 6 6-6M48 50v6M43 52h10" stroke="#a35200" stroke-width="2.5" fill="none" stroke-linecap="round"/>
     <circle cx="76" cy="22" r="10" fill="#ff0033"/><path d="M76 16v12M70 22h12" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
    64,
  )
