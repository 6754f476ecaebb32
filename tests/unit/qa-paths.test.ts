import { describe, expect, it } from 'vitest'
import { qaPlan } from '../../scripts/qa-paths.ts'
import { discoverMachines, loadModel } from '../../scripts/statechart.ts'
import { machineInventory } from '../../scripts/statechart-model.ts'
import { transitionCover } from '../../scripts/lib/machine-plan.ts'

describe('npm run qa:paths', () => {
  it('gives every machine a plan whose paths take every transition', async () => {
    for (const { name, machine } of await discoverMachines()) {
      const model = await loadModel(name)
      expect(model, `machines/${name}.machine.model.ts`).toBeDefined()
      const { paths, uncovered } = transitionCover(model!)
      expect(uncovered, name).toEqual([])
      expect(paths.length, name).toBeGreaterThan(0)
      expect(machineInventory(machine).transitions.length).toBeGreaterThan(0)
    }
  })

  it('counts search transitions at machine level too (8, with the too-long words of issue 20) and takes them all', async () => {
    expect(await qaPlan('search')).toContain('take all 8 of 8 transitions')
  })

  it('keeps the payment plan executable by hand', async () => {
    const plan = await qaPlan('payment')
    const paths = plan.match(/^## Path /gm) ?? []
    expect(paths.length).toBeLessThan(30)
    expect(plan).toContain('`refused.REFUND_WINDOW_EXCEED`')
  })

  it('says what to type and what the server answers, the real waits, and what the screen shows after each step', async () => {
    const signIn = await qaPlan('sign-in')
    expect(signIn).toContain('The server answers 040000020')
    expect(signIn).toMatch(/\| The server answers 040000018[^|]*\| terms \| .*`screen\.terms`/)
    expect(signIn).toMatch(/wrong e-mail or password[^|]*\| form \| `alert\.error` `screen\.signIn`/)
    const otp = await qaPlan('otp')
    expect(otp).toContain('Wait 60 s: the countdown reaches zero')
    expect(otp).toMatch(/\| resend\.countdown|`resend\.ready`/)
  })

  it('writes CSV with one row per step, and every simple path with --all', async () => {
    const csv = await qaPlan('forgot-password', { format: 'csv' })
    const [header, ...rows] = csv.trim().split('\n')
    expect(header).toBe('path,step,start,do / happens,state after,screen shows after')
    expect(rows.some((r) => /^1,1,.*Send reset link.*,submitting,busy\.sending screen\.forgotForm$/.test(r))).toBe(true)
    const all = await qaPlan('forgot-password', { all: true })
    expect((all.match(/^## Path /gm) ?? []).length).toBeGreaterThan((csv.match(/^\d+,0,/gm) ?? []).length)
  })
})
