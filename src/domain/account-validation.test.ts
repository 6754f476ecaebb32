import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import {
  emailSchema,
  firstFailure,
  maskEmail,
  otpSchema,
  passwordFailures,
  passwordSchema,
  passwordStrength,
  passwordSymbols,
  typedEmailSchema,
  typedOtpSchema,
} from './account-validation.ts'

describe('e-mail', () => {
  it.each(['taro@example.com', 'a.b+tag@sub.example.co.jp'])('accepts %s', (email) => {
    expect(v.is(emailSchema, email)).toBe(true)
  })
  it.each(['', 'taro', 'taro@', '@example.com', 'taro@example', 'ta ro@example.com', `${'a'.repeat(250)}@ex.com`])('rejects %j with email.invalid', (email) =>
    expect(firstFailure(emailSchema, email)).toBe('email.invalid'),
  )
})

describe('full-width typing (issue 20)', () => {
  it('reads a full-width e-mail address and OTP as ASCII at the server edge', () => {
    expect(v.parse(typedEmailSchema, 'ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('taro@example.com')
    expect(v.parse(typedEmailSchema, '　taro@example.com ')).toBe('taro@example.com')
    expect(firstFailure(typedEmailSchema, 'ｔａ ｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('email.invalid')
    expect(v.parse(typedOtpSchema, '１２３４')).toBe('1234')
    expect(firstFailure(typedOtpSchema, '１２３')).toBe('otp.invalid')
  })
})

describe('password policy (spec §5)', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordFailures('Abc12$')).toEqual([])
    expect(v.is(passwordSchema, 'Abc12$')).toBe(true)
  })
  it('names each failed rule separately', () => {
    expect(passwordFailures('')).toEqual(['password.length', 'password.symbol', 'password.digit', 'password.lowercase', 'password.uppercase'])
    expect(passwordFailures('abcdef')).toEqual(['password.symbol', 'password.digit', 'password.uppercase'])
    expect(passwordFailures('ABCDEF1!')).toEqual(['password.lowercase'])
    expect(passwordFailures('Ab1!')).toEqual(['password.length'])
    expect(passwordFailures(`Ab1!${'x'.repeat(29)}`)).toEqual(['password.length'])
    expect(passwordFailures(`Ab1!${'x'.repeat(28)}`)).toEqual([])
  })
  it('counts every listed symbol, including "~[]`{}_', () => {
    for (const symbol of passwordSymbols) expect(passwordFailures(`Abc12${symbol}`), symbol).toEqual([])
    expect(passwordFailures('Abc12 ')).toEqual(['password.symbol'])
  })
  it('reports the first failure as the schema message, empty first', () => {
    expect(firstFailure(passwordSchema, '')).toBe('password.empty')
    expect(firstFailure(passwordSchema, 'abc')).toBe('password.length')
    expect(firstFailure(passwordSchema, 'Abcdefg1')).toBe('password.symbol')
  })
  it('grades strength in tiers', () => {
    expect(passwordStrength('ab')).toBe('none')
    expect(passwordStrength('abc')).toBe('weak')
    expect(passwordStrength('abC')).toBe('weak')
    expect(passwordStrength('abC1')).toBe('medium')
    expect(passwordStrength('aB1$x')).toBe('medium')
    expect(passwordStrength('aB1$xy')).toBe('strong')
    expect(passwordStrength(`aB1$${'x'.repeat(29)}`)).toBe('none')
  })
})

describe('one-time password', () => {
  it('is exactly four digits', () => {
    expect(v.is(otpSchema, '0123')).toBe(true)
    for (const bad of ['', '123', '12345', '12a4', '１２３４']) expect(firstFailure(otpSchema, bad)).toBe('otp.invalid')
  })
})

describe('maskEmail', () => {
  it('keeps the domain and hides most of the local part', () => {
    expect(maskEmail('taro.yamada@example.com')).toBe('ta*********@example.com')
    expect(maskEmail('ab@example.com')).toBe('a*@example.com')
    expect(maskEmail('a@example.com')).toBe('a*@example.com')
  })
})
