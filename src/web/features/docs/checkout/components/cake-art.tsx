import type { CakeId } from '@/domain/checkout-demo.ts'

/** Our own flat pictures of the three cakes (drawn for PayLab; decorative, the name is the label). */
const palettes: Record<CakeId, { sponge: string; cream: string; top: string; accent: string }> = {
  strawberry: { sponge: '#f6d7a7', cream: '#fffaf3', top: '#e8364f', accent: '#3f9b4a' },
  chocolate: { sponge: '#7a4a2c', cream: '#c48a5a', top: '#4a2a17', accent: '#f2c14e' },
  matcha: { sponge: '#c9dd94', cream: '#fffaf3', top: '#6b8f2a', accent: '#f29bb4' },
}

export function CakeArt({ cake }: { cake: CakeId }) {
  const p = palettes[cake]
  return (
    <svg viewBox="0 0 120 96" width="120" height="96" aria-hidden="true" focusable="false" className="cake-art">
      <ellipse cx="60" cy="86" rx="50" ry="7" fill="#e9e4df" />
      <rect x="18" y="44" width="84" height="40" rx="6" fill={p.sponge} />
      <rect x="18" y="58" width="84" height="7" fill={p.cream} />
      <path d="M18 48 q8 -10 14 0 q7 10 14 0 q7 -10 14 0 q7 10 14 0 q7 -10 14 0 q7 10 14 0 V44 a6 6 0 0 0 -6 -6 H24 a6 6 0 0 0 -6 6 Z" fill={p.cream} />
      {cake === 'strawberry' && (
        <g>
          <path d="M52 22 q8 -6 16 0 q0 14 -8 18 q-8 -4 -8 -18 Z" fill={p.top} />
          <path d="M54 22 l6 -6 l6 6 Z" fill={p.accent} />
        </g>
      )}
      {cake === 'chocolate' && (
        <g>
          <rect x="18" y="38" width="84" height="8" rx="4" fill={p.top} />
          <circle cx="44" cy="32" r="5" fill={p.accent} />
          <circle cx="60" cy="30" r="5" fill={p.accent} />
          <circle cx="76" cy="32" r="5" fill={p.accent} />
        </g>
      )}
      {cake === 'matcha' && (
        <g>
          <path d="M30 36 q30 -18 60 0" stroke={p.top} strokeWidth="6" fill="none" strokeLinecap="round" />
          <circle cx="60" cy="24" r="6" fill={p.accent} />
        </g>
      )}
    </svg>
  )
}
