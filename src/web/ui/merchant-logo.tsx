import './credentials.css'
/** The merchant's logo, or PayLab's default shop mark when there is none (spec §2: "logo or default"). */
export function MerchantLogo({ url, name, size = 64 }: { url: string | null | undefined; name: string; size?: number }) {
  if (url) return <img className="account-logo" src={url} alt={name} width={size} height={size} />
  return (
    <svg className="account-logo account-logo--default" width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={name}>
      <rect width="64" height="64" rx="12" fill="var(--color-brand-soft)" />
      <path d="M14 26l4-10h28l4 10z" fill="var(--color-brand)" />
      <path d="M16 28h32v20H16z" fill="#fff" stroke="var(--color-brand)" strokeWidth="3" strokeLinejoin="round" />
      <path d="M27 48V37h10v11" fill="none" stroke="var(--color-brand)" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  )
}
