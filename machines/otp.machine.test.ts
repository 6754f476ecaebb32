import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { testMachinePaths } from '../tests/support/model-based.ts'
import type { AccountFlowError } from './account-flow.ts'
import { otpMachine, type VerifyOtpInput } from './otp.machine.ts'
import { otpModel } from './otp.machine.model.ts'

/**
 * Every path of the OTP panel on the real actor under a fake clock, with the real 60-second cooldown. The oracle
 * is spec §4's rules checked after every step: resend waits 60 s after the panel opens and after each resend,
 * comes back at once when a resend fails; a rejected code keeps the panel with its message.
 */
let before: AnyMachineSnapshot | undefined

testMachinePaths('otp', {
  ...otpModel,
  // The flow's transitions (docs/statecharts/otp.md), state by state: a transition gone, retargeted or swapped fails.
  spec: {
    initial: { 'panel open': 'open.(entry.editing,resend.coolingDown.counting)' },
    transitions: {
      'open.(entry.editing,resend.coolingDown.counting)': {
        'otp.submit': 'open.(entry.verifying,resend.coolingDown.counting)',
        'xstate.after.resendCooldown.otp.open.resend.coolingDown': 'open.(entry.editing,resend.ready)',
        'xstate.after.countdownTick.otp.open.resend.coolingDown.counting': 'open.(entry.editing,resend.coolingDown.counting)',
      },
      'open.(entry.verifying,resend.coolingDown.counting)': {
        'xstate.after.resendCooldown.otp.open.resend.coolingDown': 'open.(entry.verifying,resend.ready)',
        'xstate.after.countdownTick.otp.open.resend.coolingDown.counting': 'open.(entry.verifying,resend.coolingDown.counting)',
        'xstate.done.actor.verifyOtp': 'verified',
        'xstate.error.actor.verifyOtp': 'open.(entry.editing,resend.coolingDown.counting)',
      },
      'open.(entry.editing,resend.ready)': {
        'otp.submit': 'open.(entry.verifying,resend.ready)',
        'otp.resend': 'open.(entry.editing,resend.resending)',
      },
      'open.(entry.verifying,resend.ready)': {
        'xstate.done.actor.verifyOtp': 'verified',
        'xstate.error.actor.verifyOtp': 'open.(entry.editing,resend.ready)',
        'otp.resend': 'open.(entry.verifying,resend.resending)',
      },
      'open.(entry.editing,resend.resending)': {
        'otp.submit': 'open.(entry.verifying,resend.resending)',
        'xstate.done.actor.resendOtp': 'open.(entry.editing,resend.coolingDown.counting)',
        'xstate.error.actor.resendOtp': 'open.(entry.editing,resend.ready)',
      },
      'open.(entry.verifying,resend.resending)': {
        'xstate.done.actor.verifyOtp': 'verified',
        'xstate.error.actor.verifyOtp': 'open.(entry.editing,resend.resending)',
        'xstate.done.actor.resendOtp': 'open.(entry.verifying,resend.coolingDown.counting)',
        'xstate.error.actor.resendOtp': 'open.(entry.verifying,resend.ready)',
      },
    },
  },
  compareContext: false,
  check: (actual, expected) => {
    const { type } = expected.event
    const resend = (s: AnyMachineSnapshot) =>
      s.matches({ open: { resend: 'ready' } }) ? 'ready' : s.matches({ open: { resend: 'resending' } }) ? 'resending' : 'coolingDown'
    if (type === 'start') {
      expect(resend(actual)).toBe('coolingDown')
      expect(actual.context.resendSecondsLeft).toBe(60) // spec §9
    } else if (type.startsWith('xstate.after.countdownTick')) {
      expect(actual.context.resendSecondsLeft).toBe(before!.context.resendSecondsLeft - 1)
    } else if (type.startsWith('xstate.after.resendCooldown')) {
      expect(resend(actual)).toBe('ready')
      expect(actual.context.resendSecondsLeft).toBe(0)
    } else if (type === 'xstate.done.actor.resendOtp') {
      expect(resend(actual)).toBe('coolingDown')
      expect(actual.context.resendSecondsLeft).toBe(60)
      expect(actual.context.otpReferenceId).toBe('ref-2')
    } else if (type === 'xstate.error.actor.resendOtp') {
      expect(resend(actual)).toBe('ready') // spec §4: re-enabled if the resend fails
      expect(actual.context.errorCode).toBe('01103101')
    } else if (type === 'xstate.error.actor.verifyOtp') {
      expect(actual.matches({ open: { entry: 'editing' } })).toBe(true)
      expect(actual.context.errorCode).toBe((expected.event as { error?: AccountFlowError }).error!.code)
    } else if (type === 'xstate.done.actor.verifyOtp') {
      expect(actual.status).toBe('done')
      expect(actual.output).toEqual({ status: 'COMPLETED' })
    } else if (type === 'otp.submit' || type === 'otp.resend') {
      expect(actual.context.errorCode).toBeNull()
    }
    expect(actual.hasTag('resend.ready')).toBe(actual.matches({ open: { resend: 'ready' } }))
    before = actual
  },
})

describe('OTP requests', () => {
  it('verifies the code against the reference of the latest resend', async () => {
    vi.useFakeTimers()
    try {
      const verify = vi.fn(async (_: VerifyOtpInput) => ({ status: 'COMPLETED' }))
      const actor = createActor(
        otpMachine.provide({
          actors: { resendOtp: fromPromise(async () => ({ otpReferenceId: 'ref-2' })), verifyOtp: fromPromise(({ input }) => verify(input)) },
        }),
        { input: { otpReferenceId: 'ref-1', email: 'dev@example.com', keepLogin: true } },
      ).start()
      actor.send({ type: 'otp.resend' })
      expect(actor.getSnapshot().hasTag('resend.countdown')).toBe(true) // ignored during the countdown
      await vi.advanceTimersByTimeAsync(59_000)
      expect(actor.getSnapshot().context.resendSecondsLeft).toBe(1)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(actor.getSnapshot().hasTag('resend.ready')).toBe(true) // spec §9: 60 seconds
      actor.send({ type: 'otp.resend' })
      await vi.advanceTimersByTimeAsync(0)
      actor.send({ type: 'otp.submit', otp: '4321' })
      await vi.advanceTimersByTimeAsync(0)
      expect(verify).toHaveBeenCalledWith({ otpReferenceId: 'ref-2', otp: '4321', email: 'dev@example.com', keepLogin: true })
      expect(actor.getSnapshot().output).toEqual({ status: 'COMPLETED' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes a shorter cooldown from its input', async () => {
    vi.useFakeTimers()
    try {
      const actor = createActor(otpMachine, { input: { otpReferenceId: 'ref-1', email: 'dev@example.com', resendSeconds: 2 } }).start()
      expect(actor.getSnapshot().context.resendSecondsLeft).toBe(2)
      await vi.advanceTimersByTimeAsync(2_000)
      expect(actor.getSnapshot().hasTag('resend.ready')).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
