import * as v from 'valibot'
import { normalizeTyped } from './typed-input.ts'
import { limits } from './limits.ts'

/**
 * Validation of the account forms (spec §5), shared by the portal's forms and the server's handlers.
 * Issues carry message *codes*; the portal maps them to translated text, the server to its error catalogue.
 */

export type ValidationCode =
  'email.invalid' | 'password.empty' | 'password.length' | 'password.symbol' | 'password.digit' | 'password.lowercase' | 'password.uppercase' | 'otp.invalid'

/** The symbols spec §5 lists: $&+,:;=\?@#|/'<>.^*()%!- and "~[]`{}_ */
export const passwordSymbols = `$&+,:;=\\?@#|/'<>.^*()%!-"~[]\`{}_`
const symbolSet = new Set(passwordSymbols)

const hasSymbol = (s: string) => [...s].some((c) => symbolSet.has(c))
const hasDigit = (s: string) => /[0-9]/.test(s)
const hasLower = (s: string) => /[a-z]/.test(s)
const hasUpper = (s: string) => /[A-Z]/.test(s)

export type PasswordRule = 'password.length' | 'password.symbol' | 'password.digit' | 'password.lowercase' | 'password.uppercase'

/** Every rule of the password policy, in the order the sign-up form lists them. */
export const passwordRules: readonly PasswordRule[] = ['password.length', 'password.symbol', 'password.digit', 'password.lowercase', 'password.uppercase']

const ruleHolds: Record<PasswordRule, (s: string) => boolean> = {
  'password.length': (s) => s.length >= limits.passwordMinLength && s.length <= limits.passwordMaxLength,
  'password.symbol': hasSymbol,
  'password.digit': hasDigit,
  'password.lowercase': hasLower,
  'password.uppercase': hasUpper,
}

/** Each rule of the policy the password breaks (empty when it is acceptable). */
export function passwordFailures(password: string): PasswordRule[] {
  return passwordRules.filter((rule) => !ruleHolds[rule](password))
}

export type PasswordStrength = 'none' | 'weak' | 'medium' | 'strong'

/**
 * Strength tiers of spec §5: weak = 3–32 characters of at least one class; medium = 4–32 with two classes;
 * strong = 6–32 with all four (symbol, digit, lowercase, uppercase).
 */
export function passwordStrength(password: string): PasswordStrength {
  const n = password.length
  if (n > limits.passwordMaxLength || n < 3) return 'none'
  const classes = [hasSymbol, hasDigit, hasLower, hasUpper].filter((f) => f(password)).length
  if (n >= limits.passwordMinLength && classes === 4) return 'strong'
  if (n >= 4 && classes >= 2) return 'medium'
  return 'weak'
}

const emailPattern = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/

export const emailSchema = v.pipe(v.string('email.invalid'), v.maxLength(254, 'email.invalid'), v.regex(emailPattern, 'email.invalid'))

export const passwordSchema = v.pipe(
  v.string('password.empty'),
  v.nonEmpty('password.empty'),
  v.minLength(limits.passwordMinLength, 'password.length'),
  v.maxLength(limits.passwordMaxLength, 'password.length'),
  v.check(hasSymbol, 'password.symbol'),
  v.check(hasDigit, 'password.digit'),
  v.check(hasLower, 'password.lowercase'),
  v.check(hasUpper, 'password.uppercase'),
)

/** A password typed at sign-in: only non-empty and within the maximum (older passwords are not re-judged). */
export const signInPasswordSchema = v.pipe(
  v.string('password.empty'),
  v.nonEmpty('password.empty'),
  v.maxLength(limits.passwordMaxLength * 4, 'password.empty'),
)

export const otpSchema = v.pipe(v.string('otp.invalid'), v.regex(new RegExp(`^[0-9]{${limits.otpLength}}$`), 'otp.invalid'))

/**
 * E-mail and OTP as a person typed them (the server's request bodies): full-width `ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ` and `１２３４`
 * are read as ASCII first (issue 20; the portal's fields already normalise as they are typed). The stored forms above
 * stay strict.
 */
export const typedEmailSchema = v.pipe(
  v.string('email.invalid'),
  v.transform((value: string) => normalizeTyped(value)),
  emailSchema,
)
export const typedOtpSchema = v.pipe(
  v.string('otp.invalid'),
  v.transform((value: string) => normalizeTyped(value)),
  otpSchema,
)

export const isValidEmail = (value: string) => v.is(emailSchema, value)
export const isValidPassword = (value: string) => v.is(passwordSchema, value)
export const isValidOtp = (value: string) => v.is(otpSchema, value)

/** The first issue's code, or undefined when the value passes. */
export function firstFailure(schema: v.GenericSchema<unknown>, value: unknown): ValidationCode | undefined {
  const result = v.safeParse(schema, value)
  if (result.success) return undefined
  const message = result.issues[0].message
  return isValidationCode(message) ? message : undefined
}

const validationCodes: ReadonlySet<string> = new Set<ValidationCode>(['email.invalid', 'password.empty', ...passwordRules, 'otp.invalid'])
export const isValidationCode = (value: string): value is ValidationCode => validationCodes.has(value)

/** Masks the local part of an e-mail for the OTP screen: `taro.yamada@example.com` → `ta*********@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return email
  const local = email.slice(0, at)
  const keep = Math.min(2, Math.max(1, local.length - 1))
  return local.slice(0, keep) + '*'.repeat(Math.max(local.length - keep, 1)) + email.slice(at)
}
