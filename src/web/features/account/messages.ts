import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PasswordRule, PasswordStrength, ValidationCode } from '@/domain/account-validation.ts'

/** spec §5: the exact validation messages of the account forms. */
export const validationText = {
  emailInvalid: msg`Email is not valid!`,
  passwordInvalid: msg`Password is not valid!`,
  emailAndPasswordInvalid: msg`Email & Password is not valid!`,
  signUpFormInvalid: msg`Please enter valid Mobile Number and Password`,
  forgotEmailTyping: msg`The entered email is not valid`,
  forgotEmailSubmit: msg`Please Enter a valid Email`,
  otpTyping: msg`OTP is not valid`,
  otpSubmit: msg`Please Enter a valid OTP`,
  logoInvalid: msg`Kindly upload your logo!`,
} satisfies Record<string, MessageDescriptor>

/** spec §5: each failed password rule has its own message. */
export const passwordRuleText: Record<PasswordRule, MessageDescriptor> = {
  'password.length': msg`6 to 32 characters`,
  'password.symbol': msg`At least one symbol`,
  'password.digit': msg`At least one number`,
  'password.lowercase': msg`At least one lowercase letter`,
  'password.uppercase': msg`At least one uppercase letter`,
}

export const passwordStrengthText: Record<Exclude<PasswordStrength, 'none'>, MessageDescriptor> = {
  weak: msg`Weak`,
  medium: msg`Medium`,
  strong: msg`Strong`,
}

export const validationCodeText: Record<ValidationCode, MessageDescriptor> = {
  'email.invalid': validationText.emailInvalid,
  'password.empty': validationText.passwordInvalid,
  'password.length': passwordRuleText['password.length'],
  'password.symbol': passwordRuleText['password.symbol'],
  'password.digit': passwordRuleText['password.digit'],
  'password.lowercase': passwordRuleText['password.lowercase'],
  'password.uppercase': passwordRuleText['password.uppercase'],
  'otp.invalid': validationText.otpTyping,
}

export { errorText, langOf } from '@/web/lib/error-text.ts'
