import { describe, expect, it } from 'vitest'
import { newOpaNonce, opaNonceLength } from './opa-auth.ts'

describe('the OPA-Auth nonce the portal generates (spec §7)', () => {
  it('is 6 random hex characters', () => {
    expect(opaNonceLength).toBe(6)
    const nonces = Array.from({ length: 200 }, newOpaNonce)
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{6}$/)
    // random, not a counter or a constant: 200 draws from 16.7 million values do not collide in practice
    expect(new Set(nonces).size).toBeGreaterThan(195)
  })
})
