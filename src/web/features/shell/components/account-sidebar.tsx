import { useLingui } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { useState } from 'react'
import { brandSlug } from '@/domain/site.ts'
import { splitWebview } from '@/web/lib/guard.ts'
import { Icon, type IconName } from '@/web/ui/icons.tsx'
import { InternalLink } from '@/web/ui/internal-link.tsx'

/**
 * The sidebar of the signed-in area (dashboard, develop tools, settings): collapsible into a button on phones
 * (spec §2 Sidebar: collapsible with a mobile slide-out).
 */
export function AccountSidebar() {
  const { t } = useLingui()
  const path = useLocation({ select: (l) => splitWebview(l.pathname).path })
  const [open, setOpen] = useState(false)
  const items: { path: string; label: string; icon: IconName }[] = [
    { path: '/dashboard/home', label: t`Dashboard`, icon: 'dashboard' },
    { path: '/dashboard/transactions', label: t`Transactions`, icon: 'list' },
    { path: '/dashboard/sandbox', label: t`Sandbox tools`, icon: 'tools' },
    { path: `/develop/${brandSlug}-lab`, label: t`PayLab Lab`, icon: 'flask' },
    { path: '/develop/resolve', label: t`Response code resolver`, icon: 'search-code' },
    { path: '/settings', label: t`Settings`, icon: 'settings' },
  ]
  return (
    <aside className="shell-sidebar" data-open={open ? 'true' : 'false'}>
      <button type="button" className="shell-sidebar__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon name="menu" size={20} />
        {t`Developer tools`}
      </button>
      <nav aria-label={t`Developer tools`}>
        <ul>
          {items.map((item) => (
            <li key={item.path}>
              <InternalLink href={item.path} className="shell-sidebar__link" aria-current={path === item.path ? 'page' : undefined}>
                <Icon name={item.icon} size={20} />
                {item.label}
              </InternalLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  )
}
