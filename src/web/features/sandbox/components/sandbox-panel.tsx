import type { ReactNode } from 'react'

/** One panel of the sandbox page: a titled section with its one-paragraph hint. */
export function SandboxPanel({ id, title, hint, children }: { id: string; title: ReactNode; hint: ReactNode; children: ReactNode }) {
  return (
    <section className="sandbox-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="sandbox-hint">{hint}</p>
      {children}
    </section>
  )
}
