import type { ButtonHTMLAttributes, ReactNode } from 'react'
import './ui.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'
export type ButtonSize = 'small' | 'medium'

/** Class names of the pill button, for links that look like buttons (router `<Link className={buttonClass()}>`). */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'medium', extra = ''): string {
  return `ui-button ui-button--${variant} ui-button--${size}${extra ? ` ${extra}` : ''}`
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  icon?: ReactNode
}

/** The pill button of the style guide: primary (the red accent), secondary (outlined) or ghost (text). */
export function Button({ variant = 'primary', size = 'medium', icon, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, size, className)} {...rest}>
      {icon}
      {children}
    </button>
  )
}
